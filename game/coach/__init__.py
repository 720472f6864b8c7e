"""Who decides a move, behind one protocol the app talks to.

    protocol   Coach, Advice (KeepAdvice, ScoreAdvice): what the app asks and gets back
    greedy     GreedyCoach and the one greedy rule (greedy_move): needs no strategy table;
               it is also the `beginner` computer level of game.strategy.players
    optimal    AdvisorCoach: the solved tables of game.strategy behind the protocol; imported
               only inside functions, so that the start does not load game.strategy
    review     a finished game's decisions against optimal play (points lost, luck)
    trend      the statistics' points-lost trend: the last games of each player reviewed

This package imports none of its modules here (a re-export would be an import cycle).
"""
