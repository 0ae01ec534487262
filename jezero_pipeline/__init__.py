"""jezero-pipeline: agent sessions to a searchable DuckDB library, as Dagster assets."""

import os

# Arrow's default pool (mimalloc) keeps what it frees for reuse: reading staging partition by
# partition left ~70 MB resident for good. The system allocator returns it. Set before pyarrow
# loads; a user's own ARROW_DEFAULT_MEMORY_POOL wins.
os.environ.setdefault("ARROW_DEFAULT_MEMORY_POOL", "system")
