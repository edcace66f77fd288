"""Time, and the clocks of the players' seats.

- `clock`: the site's one source of the time, `clock.now()`, which tests stop;
- `controls`: time controls (bank, increment, cap), their presets, and how a
  duration reads;
- `banks`: what a turn charges and earns, and when a clock running around a
  player's pauses runs out;
- `seat_clocks`: each seat's clock, started and stopped as the game asks it
  to act, its deadline and reminder time, and whether it is late;
- `services`: what changes clocks besides moves (reminders, vacations,
  playing hours, a moderator's extension), with the locks they take;
- `sweep`: the per-minute scan of reminders due and deadlines passed.
"""
