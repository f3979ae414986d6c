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
  "profile.replay_of": "بازپخش بازی {id}",
  "profile.rating_about": "امتیاز برآوردی محتاطانه از مهارت شما در یک بازی است: با برد بالا می‌رود (در برابر بازیکنان قوی‌تر بیشتر)، با باخت پایین می‌آید و تا بازی‌های کافی آن را مطمئن نکند محتاط می‌ماند. عدد کوچک کنارش می‌گوید مهارت واقعی شما چقدر ممکن است با این برآورد فرق کند. بازی با ربات، بازی در حالت همکاری و بازی‌ای که کسی آن را رها کرده حساب نمی‌شود.",
  "profile.tutorials": "آموزش‌ها",
  "profile.tutorial_done": "یاد گرفته",
  "profile.tutorial_at": "مرحلهٔ {n} از {total}",
  "profile.tutorial_open": "بازی کن",
  "profile.tutorials_only_you": "فقط خودت این را می‌بینی."
};
