"""The rules of play, as functions of a :class:`~kalooki.engine.position.Position`: what a
move needs and why it is refused (:mod:`.legality`, asking the rule questions of
:mod:`.predicates`), the moves a seat may make (:mod:`.moves`, :mod:`.legal_moves`) and a
deal's life from shuffle to score (:mod:`.dealing`). :class:`~kalooki.engine.state.Game`
is the door to them."""
