"""The drawing kit both games' pictures are made with (no game's own drawings).

SVG documents and elements (:mod:`~fertility_rules.drawing.image`), labels fitted to
their space (:mod:`~fertility_rules.drawing.text`), the colours and marks every picture
shares (:mod:`~fertility_rules.drawing.palette`), keys of symbols
(:mod:`~fertility_rules.drawing.legend`), rows of counted tokens and grids of items
(:mod:`~fertility_rules.drawing.rows`) and catalogue sheets
(:mod:`~fertility_rules.drawing.sheet`). A game's pictures live in its own package
(``fertility_rules.fertility.svg`` for Fertility, ``fertility_rules.ankhor.svg`` for Ankh'or).
"""
