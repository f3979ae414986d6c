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
  "profile.replay_of": "Replay of game {id}"
};
