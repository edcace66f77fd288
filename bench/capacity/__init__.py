"""Benchmark: how many open table pages this machine holds, with the traffic
a correspondence site sees.

The site runs as production runs it (gunicorn with DEBUG off, a stream
process (uvicorn) holding the pages' event streams, a scratch PostgreSQL
database, Redis as cache, broker and the live events' bus, a real Celery
worker with beat sending the emails to files and running the sweep every
minute). Against it:

- P open table pages, each a seated player's page doing what the page's own
  script does. A page with an event stream (`sse-connect`) holds it open;
  when it opens, it asks the header's count and the chat; on a `table` event
  newer than its board it redraws the board, on `mine` the count, on `chat`
  the chat. A page of a site from before streams (`--tree` on an older
  checkout) polls instead: the table every TABLE_POLL_SECONDS (a 204 while
  nothing changed), the chat as often, the header's count every
  HEADER_POLL_SECONDS, and when a poll says the table changed, redraws the
  board and the count. A poll still waiting for its answer when the next one
  is due skips that one, as HTMX does.
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
and header p99 under --p99-ms, no error (a stream refused or ended counts as
one), and no email left unsent 150 s after it was due (the worker keeps up).
Each step also measures the live latency: from a move's answer to the
redraw of the other player's open page of that table. Then an idle step:
--idle-pages pages open and no move for --idle-seconds, with the CPU and
memory of the web workers and the stream process per 1,000 pages. Before
the search, a calibration pass sends each kind of request alone, one at a
time, and prints the CPU one request costs in the web workers and in
PostgreSQL's backends (from /proc/<pid>/schedstat). Each step
prints the rates, the latencies, the CPU of the web workers, PostgreSQL, the
stream process, Celery worker, this load generator itself and everything
else on the machine (other tenants), the emails sent and the sweeps run. Not
a test.

    .venv/bin/python -m bench.capacity [--tree PATH [--tree PATH]] [--start 25]
                                       [--max 3200] [--step-seconds 60] [--quick]

`--tree` runs the site (migrations, gunicorn, the stream process if it has
one, the worker) from another checkout, with its own .venv if it has one;
given twice, both one after the other in the same run, then side by side:
the same load measured on two versions of the code.
"""
