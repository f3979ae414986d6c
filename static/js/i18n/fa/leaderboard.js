export default {
  "board.title": "جدول امتیاز: {game}",
  "board.link": "جدول امتیاز",
  "board.link_of": "جدول امتیاز {game}",
  "board.about": "به ترتیب امتیاز (میانگین مهارت منهای سه برابر عدم قطعیت آن، برآوردی محتاطانه). هر بازیکن پس از {n} بازی رسمی در جدول می‌آید؛ بازی با ربات، بازی در حالت همکاری و بازی‌ای که کسی آن را رها کرده حساب نمی‌شود.",
  "board.empty": "هنوز کسی به اندازهٔ کافی بازی رسمی نکرده است.",
  "board.position": "رتبه",
  "board.player": "بازیکن",
  "board.rating": "امتیاز",
  "board.games": "بازی‌ها",
  "board.previous": "صفحهٔ قبل",
  "board.next": "صفحهٔ بعد",
  "board.showing": "{from} تا {to} از {total}",
  "board.others": "بازی‌های دیگر"
};
