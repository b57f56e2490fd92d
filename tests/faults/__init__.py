"""Faults at jeux's edges (issue 17): what comes from outside, tried as an attacker or an unlucky
user would, answered in French with nothing lost."""
