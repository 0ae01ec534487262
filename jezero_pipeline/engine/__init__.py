"""How work runs, and the only place that chooses threads: the pipeline of a run's partitions,
the call loop with its concurrency gate and budget, the library refreshed during a run,
calls made in order in the background, and how many C heaps the threads share. Everything
runs in the command's own process.
"""
