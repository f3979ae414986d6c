export default {
  "rescue.ask": "Play {name}'s seat",
  "rescue.ask_help": "A bot plays for {name}, who left. You can take the seat over; the game then no longer counts for ratings.",
  "rescue.mine_host": "You asked for {name}'s seat; the host decides.",
  "rescue.mine_votes": "You asked for {name}'s seat; the players decide ({yes} of the {needed} needed said yes).",
  "rescue.vote": "{asker} asks to play {name}'s seat while the host is away ({yes} of the {needed} needed said yes).",
  "rescue.nobody_decides": "You asked for {name}'s seat, but nobody is here to say yes: the bot plays on.",
  "rescue.withdraw": "Never mind",
  "rescue.host": "{asker} asks to play {name}'s seat.",
  "rescue.approve": "Give {asker} the seat",
  "rescue.decline": "Decline",
  "rescue.other": "{asker} asked to play {name}'s seat."
};
