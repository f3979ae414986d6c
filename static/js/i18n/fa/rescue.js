export default {
  "rescue.ask": "بازی به جای {name}",
  "rescue.ask_help": "یک ربات به جای {name} که رفته بازی می‌کند. می‌توانید جای او را بگیرید؛ آن وقت این بازی در امتیازها حساب نمی‌شود.",
  "rescue.mine_host": "درخواست جای {name} را دادید؛ میزبان تصمیم می‌گیرد.",
  "rescue.mine_votes": "درخواست جای {name} را دادید؛ بازیکنان تصمیم می‌گیرند ({yes} از {needed} رأیِ لازم موافق‌اند).",
  "rescue.vote": "{asker} می‌خواهد در نبودِ میزبان به جای {name} بازی کند ({yes} از {needed} رأیِ لازم موافق‌اند).",
  "rescue.nobody_decides": "درخواست جای {name} را دادید، اما کسی اینجا نیست که موافقت کند: ربات به بازی ادامه می‌دهد.",
  "rescue.withdraw": "منصرف شدم",
  "rescue.host": "{asker} می‌خواهد به جای {name} بازی کند.",
  "rescue.approve": "جا را به {asker} بده",
  "rescue.decline": "نه",
  "rescue.other": "{asker} خواسته به جای {name} بازی کند."
};
