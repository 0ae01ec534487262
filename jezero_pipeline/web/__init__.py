"""The library in a browser: a read-only search page served beside the Dagster UI.

`jezero-pipeline serve --web` runs it (`server.py`); `app.py` holds the pages,
`security.py` the guards, `data.py` the one import of the library's reader.
"""
