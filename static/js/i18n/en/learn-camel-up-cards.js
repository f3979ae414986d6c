export default {
  "learn.camel-up-cards.deal": "You, Sara and Reza each hold 5 cards. Every trick, everyone picks one card in secret; then all are shown at once.",
  "learn.camel-up-cards.track": "Five camels start stacked on space 1; on a shared space the lower camel is ahead. The race ends the moment a camel reaches space 6.",
  "learn.camel-up-cards.bet_winner": "Choose your Winner bet card, then Green, then Play this card. You also hold Green's move card, so you can push Green yourself.",
  "learn.camel-up-cards.priority": "Cards resolve by their corner number, lowest first. Your 2 came before Sara's 3, so Green's first winner slot is yours: 5 coins if Green wins.",
  "learn.camel-up-cards.move": "Now play Green's move card: it rolls Green's die and moves Green 1 to 3 spaces, with any camels riding on its back.",
  "learn.camel-up-cards.carry": "Reza's Yellow card moved Yellow to space 3, carrying Purple on its back. Green rolled 3 and leads on space 4.",
  "learn.camel-up-cards.loser": "Blue is last, on top of the stack on space 1. Bet Loser on Blue: the first loser slot pays 3 if its camel finishes last.",
  "learn.camel-up-cards.lost_camel": "Sara's Lost Camel sent Green back one space, onto the top of the stack on space 3: now behind Yellow and Purple.",
  "learn.camel-up-cards.late": "Yellow leads now. Bet Winner on Yellow with your priority-4 card, and watch what a late card risks.",
  "learn.camel-up-cards.too_late": "Reza's Green card had priority 2: Green rolled 3 and reached space 6. The race ended at once, so your bet never counted: it would have paid 2 coins.",
  "learn.camel-up-cards.payouts": "Bets pay when the race ends: 5 for your Green bet and 3 for Blue, last. Sara's second Green slot pays 3, Reza's Purple bet 1.",
  "learn.camel-up-cards.won": "This game had one race; a full game has three, and the most coins wins. You finished with 11 coins: you won!",
  "learn.camel-up-cards.other_bet": "Bet on Green here: choose the Winner bet card, then Green. Your own Green move card can push it later.",
  "learn.camel-up-cards.other_move": "Move Green now, the camel your bet is on: choose Green's move card (priority 3), then Play this card.",
  "learn.camel-up-cards.other_loser": "Bet Loser on Blue here: a loser bet pays only if its camel finishes last, and Blue is last now.",
  "learn.camel-up-cards.other_late": "For this lesson, bet Winner on Yellow with your priority-4 card: you will see what a late card risks.",
  "learn.camel-up-cards.refused": "The rules refuse that play. Each camel takes only one bet of yours per race, and a card goes only with the camels it allows."
};
