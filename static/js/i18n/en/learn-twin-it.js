export default {
  "learn.twin-it.deal": "You, Sara and Reza each have a pile, and its top card shows a design. First to win 2 sets wins this practice game; a real game is to 10.",
  "learn.twin-it.first_pair": "Sara's and Reza's top cards show the same design. Tap Sara's, then Reza's, to win the pair: anyone may claim two matching cards at any time.",
  "learn.twin-it.sara_pair": "That revealed a new pair, and Sara claimed it first: the fastest claim wins. Whoever wins a claim flips next, so it is Sara's turn.",
  "learn.twin-it.flip": "Your turn: press Flip. Your top card goes to the centre showing its other side, and the card below it shows a new design.",
  "learn.twin-it.look_alike": "Careful: this centre card and Sara's top card are one picture with the colours swapped. Tap both to see what a wrong claim costs.",
  "learn.twin-it.penalty": "A wrong claim costs your newest set: it went back under your pile. You also cannot claim for 3 seconds, so look twice.",
  "learn.twin-it.steal": "Sara's top card really matches her pair. Tap her pair, then that card, to steal all three: a triple is one set that nobody can steal.",
  "learn.twin-it.race": "That revealed one last pair, on Sara's and Reza's piles. Now at real speed: claim it before Sara does to reach 2 sets and win!",
  "learn.twin-it.won": "You reached 2 sets and won! A game ends when someone reaches the goal; if every pile runs out first, the most sets wins.",
  "learn.twin-it.other_first_pair": "Look for the matching pair: tap Sara's top card first, then Reza's. Both show the same design.",
  "learn.twin-it.other_flip": "Nothing matches yet, so a claim would be a mistake. Press Flip to bring new designs to the table.",
  "learn.twin-it.other_look_alike": "For this lesson, tap the look-alikes: first the centre card, then Sara's top card.",
  "learn.twin-it.other_steal": "Steal here: tap Sara's won pair first, then the matching top card on her pile.",
  "learn.twin-it.other_race": "Quick: tap Sara's top card, then Reza's. They match, and Sara is reaching for them too.",
  "learn.twin-it.refused": "The rules refuse that claim. A claim is two visible cards, or a won pair and one more card, each with the design it shows now."
};
