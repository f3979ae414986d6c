export default {
  "profile.title": "{name}'s games",
  "profile.titles": "Games played",
  "profile.played_won": "{played} played · {won} won",
  "profile.recent": "Recent games",
  "profile.no_games": "No finished games yet.",
  "profile.place": "{rank} of {players}",
  "profile.unrated": "unrated",
  "profile.change": "rating {change}",
  "profile.replay": "Replay",
  "profile.replay_of": "Replay of game {id}",
  "profile.rating_about": "A rating is a cautious guess at skill in one game: it rises when you win (more against stronger players), falls when you lose, and stays careful until enough games make it sure. The smaller figure beside it says how far your true skill may be from the guess. Games with bots, cooperative games and games someone left do not count.",
  "profile.tutorials": "Tutorials",
  "profile.tutorial_done": "learnt",
  "profile.tutorial_at": "step {n} of {total}",
  "profile.tutorial_open": "Play it",
  "profile.tutorials_only_you": "Only you see this."
};
