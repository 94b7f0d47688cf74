## Tournaments: round-robin sections and Swiss events. Mentions ($user) show as names.

error-damaged-tournament = tournament #{ $tournament } is damaged and cannot be used right now ({ $why }); other tournaments are not affected
