export default {
  "learn.double-connect.deal": "These three cards are your hand. Get rid of them all before Sara does: the fewest cards left wins.",
  "learn.double-connect.tower": "The card in the middle starts the tower. Any two cards share exactly one symbol: find the one your card shares with a card in the tower.",
  "learn.double-connect.first_claim": "Your first card and the start card share the turtle 🐢. Tap your card, then the start card, then the turtle.",
  "learn.double-connect.other_claim": "That symbol is not on both cards. In a real game a wrong symbol costs you a card: look for the turtle 🐢.",
  "learn.double-connect.other_arm": "Not that one: choose your card, then Sara's new card, then the turtle 🐢 you share.",
  "learn.double-connect.other_mistake": "Here we make the mistake on purpose: choose the card you just played and the bell 🔔.",
  "learn.double-connect.other_corner": "Put your last hand card on the start card: they share the pencil ✏️.",
  "learn.double-connect.other_race": "Quick: your new card goes on the card you played earlier, by the bomb 💣.",
  "learn.double-connect.refused": "That card cannot take a claim now: only the cards with a ring are targets.",
  "learn.double-connect.arm_top": "Sara put a card on the start card: it begins a new arm, and its top card is a target now. Put your card on it; you share the turtle 🐢.",
  "learn.double-connect.mistake": "Now a mistake, to see what it costs: claim your last card on the card you just played, with the bell 🔔, which is not on that card.",
  "learn.double-connect.penalty": "A wrong claim costs one card from the pile and a one-second lockout. Sara used the moment to play. Press Next.",
  "learn.double-connect.start_corner": "The start card still has free corners, so it is still a target: put your card there by the pencil ✏️.",
  "learn.double-connect.race": "Last card, at real speed: Sara wants the same target. Put your new card on the card with the bomb 💣, by the bomb, before she does!",
  "learn.double-connect.final_chance": "Your hand is empty! The others now get a short final chance to play. Press Next to let it run out.",
  "learn.double-connect.won": "The game is over: you have no cards left and Sara has one, so you win. That is all a first game needs."
};
