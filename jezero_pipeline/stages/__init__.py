"""The stages, as plain functions over staging: collect, segment, redact, summarise, index.

Each says what happens to one partition; none chooses a thread or a process (the engine runs
them). `index.refresh` is the only writer of the library; `plan` decides what a change needs.
"""
