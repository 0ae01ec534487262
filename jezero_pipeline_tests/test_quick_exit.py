"""`exit_now` skips the interpreter's teardown but not what an exit must do."""

import subprocess
import sys
import textwrap


def _run(body: str, tmp_path) -> subprocess.CompletedProcess:
    script = textwrap.dedent(f"""
        import atexit, pathlib, sys, threading, time
        from jezero_pipeline.quick_exit import exit_now
        out = pathlib.Path({str(tmp_path)!r})
    """) + textwrap.dedent(body)
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)


def test_the_code_the_exit_handlers_and_all_output_survive(tmp_path):
    done = _run(
        """
        atexit.register(lambda: (out / "handler").write_text("ran"))
        sys.stdout.write("x" * 200_000)  # more than a pipe's buffer: flushed, not lost
        sys.stderr.write("last words")
        exit_now(3)
        """,
        tmp_path,
    )
    assert done.returncode == 3
    assert done.stdout == "x" * 200_000 and done.stderr == "last words"
    assert (tmp_path / "handler").read_text() == "ran"


def test_the_teardown_is_skipped(tmp_path):
    """An object still alive at exit is freed by a normal exit's teardown, not by exit_now."""
    done = _run(
        """
        class Kept:
            def __del__(self):
                (out / "freed").write_text("yes")
        kept = Kept()
        exit_now(0)
        """,
        tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert not (tmp_path / "freed").exists()


def test_a_thread_still_running_is_waited_for(tmp_path):
    done = _run(
        """
        def work():
            time.sleep(0.3)
            (out / "thread").write_text("finished")
        threading.Thread(target=work).start()
        exit_now(5)
        """,
        tmp_path,
    )
    assert done.returncode == 5
    assert (tmp_path / "thread").read_text() == "finished"
