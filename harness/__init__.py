"""What the tests and the benchmarks share to run the site from outside, as
production runs it, and to read what it sends: its processes on a scratch
database (`processes`), its event streams (`sse`), and whole games between
bots (`arena`). The site itself never
imports it; tests/ and bench/ import it and never each other."""
