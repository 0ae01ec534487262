"""Operations beside the pipeline: health, connector list and reset, redact-stored, retag,
previews and imports. Each is a plain function over a Workspace, called by both a CLI command
and a Dagster job, so the two can never drift apart."""
