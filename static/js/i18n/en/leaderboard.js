export default {
  "board.title": "Leaderboard: {game}",
  "board.link": "Leaderboard",
  "board.link_of": "Leaderboard of {game}",
  "board.about": "Ranked by rating (μ − 3σ, a cautious estimate). Players appear after {n} rated games; games with bots, cooperative games and games someone left do not count.",
  "board.empty": "Nobody has played enough rated games yet.",
  "board.position": "#",
  "board.player": "Player",
  "board.rating": "Rating",
  "board.games": "Games",
  "board.previous": "Previous page",
  "board.next": "Next page",
  "board.showing": "{from}–{to} of {total}",
  "board.others": "Other games"
};
