export default {
  "rating.chart_title": "{game}: امتیاز پس از هر بازی رسمی",
  "rating.chart_summary": "{n} بازی رسمی؛ اول {first}، اکنون {last}، بهترین {best}.",
  "rating.chart_table": "امتیاز پس از هر بازی",
  "rating.game_n": "بازی",
  "rating.ordinal": "امتیاز",
  "rating.uncertainty": "مهارت {mu} ± {sigma}",
  "rating.provisional": "موقت: {n} از {need} بازی رسمی",
  "rating.none": "هنوز بازی رسمی ندارد"
};
