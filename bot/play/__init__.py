"""Games in play, with no Discord in them: the service that applies actions with the
version-checked commit and the posts each change owes, and the clocks, reminders, vacations,
absent players and status text of play over days. Only :mod:`bot.storage` is below."""
