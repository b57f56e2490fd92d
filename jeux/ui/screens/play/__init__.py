"""During and at the end of a match, over a game's own screen: passing the computer, a long
answer (« était-il gagnable ? »), the results."""
