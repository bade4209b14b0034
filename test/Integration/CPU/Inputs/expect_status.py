#!/usr/bin/env python3
"""expect_status.py STATUS COMMAND... — runs COMMAND (stdin, stdout and
stderr passed through) and succeeds only if it exits with STATUS: a failed
rmean run-time check must end the program with status 70, not with a signal
(`not --crash`) or any other failure (`not`)."""
import subprocess
import sys

expected = int(sys.argv[1])
status = subprocess.call(sys.argv[2:])
if status != expected:
    what = f"signal {-status}" if status < 0 else f"status {status}"
    sys.stderr.write(f"expect_status.py: expected exit status {expected}, "
                     f"got {what}\n")
    sys.exit(1)
