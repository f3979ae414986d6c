export default {
  "rating.chart_title": "{game}: rating after each rated game",
  "rating.chart_summary": "{n} rated games; first {first}, now {last}, best {best}.",
  "rating.chart_table": "Rating after each game",
  "rating.game_n": "Game",
  "rating.ordinal": "Rating",
  "rating.uncertainty": "skill μ {mu} ± {sigma}",
  "rating.provisional": "Provisional: {n} of {need} rated games",
  "rating.none": "No rated games yet"
};
