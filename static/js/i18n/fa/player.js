export default {
  "profile.title": "بازی‌های {name}",
  "profile.titles": "بازی‌های انجام‌شده",
  "profile.played_won": "{played} بازی · {won} برد",
  "profile.recent": "بازی‌های اخیر",
  "profile.no_games": "هنوز بازی تمام‌شده‌ای ندارد.",
  "profile.place": "نفر {rank} از {players}",
  "profile.unrated": "غیررسمی",
  "profile.change": "امتیاز {change}",
  "profile.replay": "بازپخش",
  "profile.replay_of": "بازپخش بازی {id}"
};
