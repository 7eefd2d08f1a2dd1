"""The Spades core: house rules, scoring, the game aggregate and statistics.

Standard library only: no Flask, no database, no forms (a test keeps it so).
"""
