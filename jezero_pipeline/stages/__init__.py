"""The stages, as plain functions over staging: collect, segment, redact, summarise, index.

`run.PartitionRun` takes a run's partitions through the first four, pipelined; `index.refresh`
is the only writer of the library; `plan` decides which runs a change needs.
"""
