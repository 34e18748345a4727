# The benchmark is run by hand (python tests/bench/bench.py), never by pytest: it takes many minutes
# and its figures are not pass/fail. This keeps pytest (also with --doctest-modules) out of this folder.
collect_ignore_glob = ["*.py"]
