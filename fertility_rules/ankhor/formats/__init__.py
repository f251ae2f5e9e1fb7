"""Ankh'or's file formats: catalogue, game state, view, move and final position as JSON.

Read through the library's one converter and document reader
(:mod:`fertility_rules.formats`), with the same limits and every problem's JSON path.
"""
