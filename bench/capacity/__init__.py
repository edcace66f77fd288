"""Benchmark: how many open table pages this machine holds, with the traffic
a correspondence site sees.

The site runs as production runs it (gunicorn with DEBUG off, a scratch
PostgreSQL database, Redis as cache and broker, a real Celery worker with beat
sending the emails to files and running the sweep every minute). Against it:

- P open table pages, each a seated player's page doing what the page's own
  script does: it polls the table every TABLE_POLL_SECONDS (a 204 while
  nothing changed), polls the chat as often, asks the header's count every
  HEADER_POLL_SECONDS, and when a poll says the table changed, redraws the
  board and the header's count. A poll still waiting for its answer when the
  next one is due skips that one, as HTMX does.
- Moves arriving at R = P / 20 a second, at Poisson times, whatever the
  answers before them took (an open loop). There are three tables in play
  (two-player Coup by default, normal time control, so every seat waited on
  has a running clock) for each open page, and each move goes to the table
  that has waited longest for one. It is made by a player the table waits
  for, through the table page's form as a person makes it: a player whose
  page is open clicks on it (after its redraw if the page has not caught up
  yet); any other player opens the table page first (a full page load and
  its header count), then clicks: five moves in six.
- The turn emails these moves cause, written to the outbox with the move
  and sent by the worker, and the sweep beat runs every minute. A table
  here gets a move every 3 P / R = 60 s, a real one every few hours, so
  time is shortened where it decides whether an email goes: the email waits
  TURN_EMAIL_DELAY_SECONDS = 5 (180 in production), and a player counts as on
  the site for PRESENT_SECONDS = 40 after their page last asked (180). So,
  as on a real site, a player who has made their move and left gets an
  email when their turn comes back, and one whose page is open does not.
  (PRESENT_SECONDS also sets how often a polling page records its player's
  presence: every 10 s here, every 45 s in production.)

It searches the largest P (doubling from --start, then halving the gap) that
the machine holds for a step of --step-seconds: page, board, move, poll, chat
and header p99 under --p99-ms, no error, and no email left unsent 150 s
after it was due (the worker keeps up). Before the search, a calibration pass sends each kind of
request alone, one at a time, and prints the CPU one request costs in the web
workers and in PostgreSQL's backends (from /proc/<pid>/schedstat). Each step
prints the rates, the latencies, the CPU of the web workers, PostgreSQL, the
Celery worker, this load generator itself and everything else on the machine
(other tenants), the emails sent and the sweeps run. Not a test.

    .venv/bin/python -m bench.capacity [--tree PATH] [--start 25] [--max 3200]
                                       [--step-seconds 60] [--quick]

`--tree` runs the site (migrations, gunicorn, the worker) from another
checkout, with its own .venv if it has one: the same load measured on two
versions of the code.
"""
