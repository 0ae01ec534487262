"""jezero-pipeline: agent sessions to a searchable DuckDB library, as Dagster assets."""
