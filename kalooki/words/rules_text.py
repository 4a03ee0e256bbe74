"""The rules as players read them, generated from a rule set, in English and French.

The in-game rules screen shows exactly what the engine enforces: every sentence here is
built from the active :class:`RuleSet`, so a house rule can never disagree with its text.
:func:`rules_sections` returns titled sections of paragraphs for the UI to lay out;
:func:`render_text` turns them into plain text. What a rule set changes from a preset
is said by :mod:`kalooki.words.house_rules`.
"""

from __future__ import annotations

from dataclasses import dataclass

from kalooki.engine.rules import RESHUFFLE_CEILING, TURN_CEILING, RuleSet
from kalooki.words.presets import preset_title
from kalooki.words.rules_writer import Writer


@dataclass(frozen=True)
class Section:
    """One titled block of the rules screen."""

    key: str
    title: str
    paragraphs: tuple[str, ...]


def _schedule_deals(rules: RuleSet) -> list[int]:
    """The deal numbers the schedule must describe (the last line repeats afterwards)."""
    if rules.match_end == "fixed":
        return list(range(1, rules.deals_per_match + 1))
    longest = max(len(rules.hand_sizes), len(rules.contracts or ()))
    return list(range(1, max(longest, 1) + 1))


# --- sections ---------------------------------------------------------------

def _deck(w: Writer, r: RuleSet) -> Section:
    cards = r.packs * 52 + r.jokers
    packs = w.t(f"{w.num(r.packs)} {w.plural(r.packs, 'pack', 'jeu', fr_many='jeux')} of 52 "
                f"cards", f"{w.num(r.packs)} {w.plural(r.packs, 'jeu', 'jeu', fr_many='jeux')} "
                f"de 52 cartes")
    jokers = w.t(f"{w.num(r.jokers)} {w.plural(r.jokers, 'joker', 'joker')}",
                 f"{w.num(r.jokers)} {w.plural(r.jokers, 'joker', 'joker')}")
    paras = [w.t(
        f"The game is played with {packs} and {jokers}: {cards} cards in all. Because "
        f"the packs are mixed, the same card can turn up more than once.",
        f"On joue avec {packs} et {jokers}, soit {cards} cartes en tout. Les jeux étant "
        f"mélangés, une même carte peut apparaître plusieurs fois.")]
    paras.append(w.t(f"From {r.players_min} to {r.players_max} players take part.",
                     f"La partie réunit de {r.players_min} à {r.players_max} joueurs."))
    for players, packs_n, jokers_n in sorted(r.packs_by_players):
        if players > r.players_max:
            continue  # a table this game never seats: saying it only contradicts the range
        paras.append(w.t(
            f"With {players} players or more, {packs_n} packs and {jokers_n} jokers are used.",
            f"À partir de {players} joueurs, on utilise {packs_n} jeux et {jokers_n} jokers."))
    return Section("deck", w.t("Cards and players", "Cartes et joueurs"), tuple(paras))


def _dealing(w: Writer, r: RuleSet) -> Section:
    deals = _schedule_deals(r)
    sizes: dict[int, list[int]] = {}
    for d in deals:
        sizes.setdefault(r.hand_size(d), []).append(d)
    if len(sizes) == 1:
        size = next(iter(sizes))
        paras = [w.t(f"Each player receives {size} cards, one at a time.",
                     f"Chaque joueur reçoit {size} cartes, une par une.")]
    else:
        parts = [w.t(f"{size} cards in {w.deals(ds)}", f"{size} cartes pour {w.deals(ds)}")
                 for size, ds in sizes.items()]
        paras = [w.t("Cards are dealt one at a time: ", "Les cartes sont données une par une : ")
                 + w.t("; ", " ; ").join(parts) + "."]
    paras.append(w.t(
        "The first dealer is drawn at random" if r.first_dealer == "random"
        else "The first player to sit down deals first",
        "Le premier donneur est tiré au sort" if r.first_dealer == "random"
        else "Le premier joueur assis donne le premier")
        + w.t("; then the deal passes to the left. The undealt cards form the face-down "
              "stock",
              ", puis la donne passe à gauche. Les cartes restantes forment la pioche, face "
              "cachée")
        + (w.t(", and its top card is turned up to start the discard pile. ",
               " ; on en retourne la première pour commencer la défausse. ")
           if r.first_upcard else
           w.t(". No card is turned up: the discard pile starts empty, so the first player "
               "draws from the stock. ",
               ". On ne retourne aucune carte : la défausse commence vide et le premier "
               "joueur pioche donc dans la pioche. "))
        + w.t("The player on the dealer's left plays first.",
              "Le joueur à gauche du donneur commence."))
    if r.cut_bonus:
        paras.append(w.t(
            f"Before dealing, the dealer cuts the pack. A cut holding exactly the number of "
            f"cards to be dealt earns the dealer {r.cut_bonus_points:+d} points.",
            f"Avant de distribuer, le donneur coupe le paquet. S'il coupe exactement le nombre "
            f"de cartes à distribuer, il marque {r.cut_bonus_points:+d} points."))
    else:
        paras.append(w.t("There is no cut bonus.", "Il n'y a pas de prime à la coupe."))
    return Section("dealing", w.t("Dealing", "La donne"), tuple(paras))


def _melds(w: Writer, r: RuleSet) -> Section:
    if r.group_max is None:
        size = w.t(f"at least {r.group_min} cards", f"au moins {r.group_min} cartes")
    elif r.group_max == r.group_min + 1:
        size = w.t(f"{r.group_min} or {r.group_max} cards", f"{r.group_min} ou {r.group_max} "
                   f"cartes")
    elif r.group_max == r.group_min:
        size = w.t(f"exactly {r.group_min} cards", f"exactement {r.group_min} cartes")
    else:
        size = w.t(f"{r.group_min} to {r.group_max} cards", f"{r.group_min} à {r.group_max} "
                   f"cartes")
    suits = w.t("all of different suits" if r.group_distinct_suits
                else "suits may repeat",
                "toutes de couleurs différentes" if r.group_distinct_suits
                else "les couleurs peuvent se répéter")
    naturals = w.t(
        f"at least {w.num(r.group_min_naturals)} of them "
        f"{'a real card' if r.group_min_naturals == 1 else 'real cards'}, not jokers",
        f"dont au moins {w.num(r.group_min_naturals, feminine=True)} "
        f"{'vraie carte' if r.group_min_naturals == 1 else 'vraies cartes'}, hors jokers")
    paras = [w.t(f"A group is {size} of the same rank ({suits}), {naturals}.",
                 f"Un groupe réunit {size} de même valeur ({suits}), {naturals}.")]
    ace = {
        "low-or-high": w.t("An ace goes below the 2 (A-2-3) or above the king (Q-K-A), never "
                           "both at once and never in the middle (no K-A-2).",
                           "L'as se place sous le 2 (A-2-3) ou au-dessus du roi (D-R-A), "
                           "jamais les deux à la fois ni au milieu (pas de R-A-2)."),
        "high-only": w.t("An ace goes only above the king (Q-K-A); A-2-3 is not a run.",
                         "L'as se place seulement au-dessus du roi (D-R-A) ; A-2-3 n'est pas "
                         "une suite."),
        "low-only": w.t("An ace goes only below the 2 (A-2-3); Q-K-A is not a run.",
                        "L'as se place seulement sous le 2 (A-2-3) ; D-R-A n'est pas une "
                        "suite."),
    }[r.ace_in_runs]
    paras.append(w.t(
        f"A run is at least {r.run_min} cards of one suit in unbroken order. ",
        f"Une suite aligne au moins {r.run_min} cartes d'une même couleur qui se suivent. ")
        + ace)
    jokers = [w.t("A joker stands in for any card and always represents one definite card.",
                  "Un joker remplace n'importe quelle carte et en représente toujours une "
                  "bien précise.")]
    jokers.append(w.t("Two jokers may sit side by side in a run." if r.adjacent_jokers_in_run
                      else "Two jokers may never sit side by side in a run.",
                      "Deux jokers peuvent se suivre dans une suite."
                      if r.adjacent_jokers_in_run
                      else "Deux jokers ne peuvent jamais se suivre dans une suite."))
    if r.max_jokers_per_meld is not None:
        n = r.max_jokers_per_meld
        jokers.append(w.t(f"A meld holds at most {n} {w.plural(n, 'joker', 'joker')}.",
                          f"Une combinaison contient au plus {n} "
                          f"{w.plural(n, 'joker', 'joker')}."))
    paras.append(" ".join(jokers))
    return Section("melds", w.t("Melds", "Les combinaisons"), tuple(paras))


def _going_down(w: Writer, r: RuleSet) -> Section:
    if r.uses_contracts:
        assert r.contracts is not None
        lines = []
        for d in _schedule_deals(r):
            lines.append(w.t(f"Deal {d}: {r.hand_size(d)} cards, {w.contract(r.contract(d))}.",
                             f"Donne {d} : {r.hand_size(d)} cartes, "
                             f"{w.contract(r.contract(d))}."))
        paras = [w.t("Your first lay-down of a deal must be exactly that deal's contract, "
                     "complete and in one turn. A meld may be longer than it needs to be.",
                     "La première pose d'une donne doit être exactement le contrat de cette "
                     "donne, complet et en un seul tour. Une combinaison peut dépasser sa "
                     "taille minimale."), " ".join(lines)]
        rules = []
        rules.append(w.t("Groups in one contract must be of different ranks."
                         if r.contract_distinct_ranks
                         else "Groups in one contract may share a rank.",
                         "Les groupes d'un même contrat doivent être de valeurs différentes."
                         if r.contract_distinct_ranks
                         else "Les groupes d'un même contrat peuvent avoir la même valeur."))
        rules.append(w.t("Runs in one contract must be of different suits."
                         if r.contract_distinct_suits
                         else "Runs in one contract may share a suit.",
                         "Les suites d'un même contrat doivent être de couleurs différentes."
                         if r.contract_distinct_suits
                         else "Les suites d'un même contrat peuvent être de la même couleur."))
        paras.append(" ".join(rules))
        return Section("contract", w.t("The contract", "Le contrat"), tuple(paras))
    n = r.opening_points or 0
    low, high = r.opening_ace_low_points, r.opening_ace_high_points
    if r.ace_in_runs == "high-only":
        ace_en, ace_fr = f"an ace {high}", f"un as {high}"
    else:
        ace_en = f"an ace {low} at the bottom of a run and {high} at the top or in a group"
        ace_fr = f"un as {low} en bas d'une suite et {high} en haut ou dans un groupe"
    paras = [w.t(
        f"Your first lay-down, the opening, must be worth at least {n} points in one turn.",
        f"Votre première pose, l'ouverture, doit valoir au moins {n} points en un seul tour."),
        w.t(f"For the opening, each card counts its face value, a picture card "
            f"{r.face_points}, {ace_en}, and a joker counts as the card it represents.",
            f"Pour l'ouverture, chaque carte compte sa valeur, une figure {r.face_points}, "
            f"{ace_fr}, et un joker vaut la carte qu'il représente.")]
    paras.append(w.t("The opening must include a run without a joker."
                     if r.opening_pure_run else "Any mix of melds may make up the opening.",
                     "L'ouverture doit comprendre une suite sans joker." if r.opening_pure_run
                     else "L'ouverture peut mêler toutes sortes de combinaisons."))
    return Section("opening", w.t("Opening", "L'ouverture"), tuple(paras))


def _turn(w: Writer, r: RuleSet) -> Section:
    down = w.t("gone down", "posé") if r.uses_contracts else w.t("opened", "ouvert")
    take = {
        "free": w.t("Start your turn by drawing the top card of the stock or taking the top "
                    "card of the discard pile.",
                    "Commencez votre tour en piochant la carte du dessus de la pioche ou en "
                    "prenant celle de la défausse."),
        "not-when-down": w.t(f"Start your turn by drawing the top card of the stock, or the "
                             f"top discard while you have not yet {down}; once you have "
                             f"{down}, you draw only from the stock.",
                             f"Commencez votre tour en piochant dans la pioche, ou en prenant "
                             f"la carte de la défausse tant que vous n'avez pas {down} ; une "
                             f"fois {down}, vous piochez uniquement dans la pioche."),
        "must-meld": w.t("Start your turn by drawing the top card of the stock or taking the "
                         "top discard; whoever takes the discard must lay a meld before "
                         "anything else that turn (their opening, if they have not opened).",
                         "Commencez votre tour en piochant ou en prenant la carte de la "
                         "défausse ; qui prend la défausse doit poser une combinaison avant "
                         "toute autre chose ce tour-là (son ouverture s'il n'a pas ouvert)."),
    }[r.discard_take]
    paras = [take]
    if r.discard_take == "must-meld":
        paras.append(w.t("The card taken must be part of that meld."
                         if r.discard_take_card_in_meld
                         else "The meld need not contain the card taken.",
                         "La carte prise doit faire partie de cette combinaison."
                         if r.discard_take_card_in_meld
                         else "La combinaison n'a pas besoin de contenir la carte prise."))
    later = []
    later.append(w.t(f"Once you have {down}, you may lay new melds" if r.new_melds_after_down
                     else f"Once you have {down}, you may not lay new melds, only add cards",
                     f"Une fois {down}, vous pouvez étaler de nouvelles combinaisons"
                     if r.new_melds_after_down
                     else f"Une fois {down}, vous ne posez plus de nouvelles combinaisons, "
                          f"vous ajoutez seulement des cartes"))
    later.append(w.t("and add cards to melds on the table, yours and other players'"
                     if r.tack_on_others else "and add cards to your own melds only",
                     "et ajouter des cartes aux combinaisons sur la table, les vôtres comme "
                     "celles des autres" if r.tack_on_others
                     else "et ajouter des cartes à vos propres combinaisons seulement"))
    verb = w.t("go down", "posez") if r.uses_contracts else w.t("open", "ouvrez")
    paras.append(", ".join(later) + w.t(
        f", starting on the very turn you {verb}." if r.tack_same_turn
        else f", starting from the turn after you {verb}.",
        ", dès le tour de votre première pose." if r.tack_same_turn
        else ", à partir du tour qui suit votre première pose."))
    paras.append(w.t(f"A run grows at either end; a group takes more cards of its rank. A "
                     f"player who has not {down} adds nothing to the table.",
                     f"Une suite s'allonge par les deux bouts ; un groupe reçoit d'autres "
                     f"cartes de sa valeur. Un joueur qui n'a pas {down} n'ajoute rien à la "
                     f"table."))
    end = w.t("End your turn by discarding one card face up.",
              "Terminez votre tour en défaussant une carte face visible.")
    end += " " + w.t("A joker may be discarded." if r.joker_discard
                     else "A joker may never be discarded.",
                     "On peut défausser un joker." if r.joker_discard
                     else "On ne défausse jamais un joker.")
    paras.append(end)
    return Section("turn", w.t("Your turn", "Le tour de jeu"), tuple(paras))


def _calls(w: Writer, r: RuleSet) -> Section:
    if not r.calls_enabled:
        return Section("calls", w.t("Calls", "Les appels"), (w.t(
            "There are no calls: nobody may claim a discard out of turn.",
            "Il n'y a pas d'appels : personne ne réclame une carte défaussée hors de son "
            "tour."),))
    extra = r.call_penalty_cards
    paras = [w.t(
        "When a card is discarded, any player who has not gone down, other than the "
        "discarder and the next player, may call it before the next player draws.",
        "Quand une carte est défaussée, tout joueur qui n'a pas posé, sauf celui qui "
        "défausse et le suivant, peut l'appeler avant que le suivant ne pioche."),
        w.t(f"The next player may allow the call: the caller takes the card plus "
            f"{w.num(extra)} {w.plural(extra, 'card', 'carte')} from the stock, without "
            f"laying or discarding, and the turn goes on. Or they may refuse and take the card "
            f"as their own draw.",
            f"Le joueur suivant peut accepter l'appel : l'appelant prend la carte et "
            f"{w.num(extra, feminine=True)} {w.plural(extra, 'card', 'carte')} de la pioche, "
            f"sans poser ni défausser, puis le tour reprend. Il peut aussi refuser et prendre "
            f"la carte pour lui, à la place de sa pioche.")]
    paras.append(w.t("A player who is down may refuse too." if r.down_player_may_refuse
                     else "A player who is already down must allow the call.",
                     "Un joueur déjà posé peut lui aussi refuser." if r.down_player_may_refuse
                     else "Un joueur déjà posé doit accepter l'appel."))
    if r.down_player_may_refuse and r.discard_take == "not-when-down":
        paras.append(w.t("Refusing wins over the stock-only draw: a player who is down and "
                         "refuses a call takes the called card, although they may not take "
                         "the discard on a turn of their own.",
                         "Le refus l'emporte sur la pioche obligatoire : un joueur posé qui "
                         "refuse un appel prend la carte appelée, bien qu'il ne puisse pas "
                         "prendre la défausse à son propre tour."))
    paras.append(w.t(
        f"Each player may make at most {r.max_calls} successful calls per deal. ",
        f"Chaque joueur a droit à {r.max_calls} appels réussis au plus par donne. ")
        + w.t("When several players call, the one nearest in turn order wins."
              if r.call_priority == "nearest"
              else "When several players call, the winner is drawn at random.",
              "Si plusieurs joueurs appellent, le plus proche dans l'ordre du jeu l'emporte."
              if r.call_priority == "nearest"
              else "Si plusieurs joueurs appellent, le gagnant est tiré au sort."))
    return Section("calls", w.t("Calls", "Les appels"), tuple(paras))


def _jokers(w: Writer, r: RuleSet) -> Section:
    paras = [w.t("A joker may be added to anyone's meld." if r.joker_on_others_melds
                 else "A joker may be added only to your own melds.",
                 "Un joker peut être ajouté à n'importe quelle combinaison."
                 if r.joker_on_others_melds
                 else "Un joker ne peut être ajouté qu'à vos propres combinaisons.")]
    shift = {
        "off": w.t("A joker on the table never moves along its run.",
                   "Un joker posé ne se déplace jamais dans sa suite."),
        "either-end": w.t("A player who is down and holds the card a joker stands for in a "
                          "run may put that card in its place; the joker moves to either end "
                          "of the run.",
                          "Un joueur posé qui détient la carte qu'un joker représente dans "
                          "une suite peut l'y mettre à sa place ; le joker part à l'un ou "
                          "l'autre bout de la suite."),
        "upward": w.t("A player who is down and holds the card a joker stands for in a run "
                      "may put that card in its place; the joker moves to the top of the run.",
                      "Un joueur posé qui détient la carte qu'un joker représente dans une "
                      "suite peut l'y mettre à sa place ; le joker part en haut de la "
                      "suite."),
    }[r.joker_shift_in_run]
    paras.append(shift)
    if r.joker_shift_in_run != "off" and r.joker_shift_is_tacking and not r.tack_on_others:
        paras.append(w.t("That counts as adding a card to the run's meld, so you may do it "
                         "only in your own runs.",
                         "Cela revient à compléter la combinaison de la suite : vous ne "
                         "pouvez donc le faire que dans vos propres suites."))
    elif r.joker_shift_in_run != "off" and not r.joker_shift_is_tacking and (
            not r.tack_on_others or r.going_out_bonus_no_tacking):
        paras.append(w.t("You may do it in any player's run; it does not count as adding to "
                         "their meld.",
                         "Vous pouvez le faire dans la suite de n'importe quel joueur ; cela "
                         "ne compte pas comme compléter sa combinaison."))
    modes = r.joker_release
    if not modes:
        paras.append(w.t("A joker on the table never returns to a hand.",
                         "Un joker posé ne revient jamais dans une main."))
    else:
        ways = []
        if "run-exact" in modes:
            ways.append(w.t("from a run, by playing the exact card it stands for",
                            "d'une suite, en jouant la carte exacte qu'il représente"))
        if "group-both-missing" in modes:
            ways.append(w.t("from a group, by adding two missing cards of its rank (so a "
                            "group of three with a joker becomes four real cards, and a full "
                            "group keeps its joker for good)",
                            "d'un groupe, en ajoutant deux cartes manquantes de sa valeur "
                            "(un groupe de trois avec joker devient quatre vraies cartes ; un "
                            "groupe complet garde son joker pour de bon)"))
        if "group-any-missing" in modes:
            ways.append(w.t("from a group, by adding one missing card of its rank",
                            "d'un groupe, en ajoutant une carte manquante de sa valeur"))
        if "group-all-missing" in modes:
            ways.append(w.t("from a group, only by adding one card of its rank in each suit "
                            "its real cards lack (so a group of four with a joker is freed "
                            "by its last missing suit)",
                            "d'un groupe, seulement en ajoutant une carte de sa valeur dans "
                            "chaque couleur qui manque à ses vraies cartes (un groupe de "
                            "quatre avec joker se libère donc par sa dernière couleur "
                            "manquante)"))
        paras.append(w.t("A joker can be freed and taken back into your hand ",
                         "Un joker peut être libéré et repris en main ")
                     + w.t("; or ", " ; ou ").join(ways) + ".")
        down = w.t("gone down", "posé") if r.uses_contracts else w.t("opened", "ouvert")
        paras.append(w.t(f"Only a player who has {down} may free a joker."
                         if r.joker_release_needs_down
                         else f"Any player may free a joker, even before having {down}.",
                         f"Seul un joueur qui a {down} peut libérer un joker."
                         if r.joker_release_needs_down
                         else f"Tout joueur peut libérer un joker, même avant d'avoir "
                              f"{down}."))
        paras.append(_freed_joker(w, r))
    return Section("jokers", w.t("Jokers", "Les jokers"), tuple(paras))


def _freed_joker(w: Writer, r: RuleSet) -> str:
    """What becomes of a joker just freed."""
    if not r.released_joker_must_be_used:
        return w.t("A freed joker may be kept in hand for later.",
                   "Un joker libéré peut être gardé en main pour plus tard.")
    if r.released_joker_new_meld:
        return w.t("A freed joker must start a new meld that same turn, laid with cards from "
                   "your hand; it may not be added to a meld already on the table.",
                   "Un joker libéré doit commencer une nouvelle combinaison le même tour, "
                   "posée avec des cartes de votre main ; il ne peut pas compléter une "
                   "combinaison déjà sur la table.")
    return w.t("A freed joker must be laid again in a meld that same turn.",
               "Un joker libéré doit être reposé dans une combinaison le même tour.")


def _going_out(w: Writer, r: RuleSet) -> Section:
    paras = [w.t("The deal ends as soon as a player has no cards left. ",
                 "La donne s'arrête dès qu'un joueur n'a plus de cartes. ")
             + _last_card(w, r)]
    whole = w.t("Going out on the turn of your first lay-down",
                "Sortir dès le tour de sa première pose")
    if r.going_out_bonus == "none":
        paras.append(w.t("Going out all at once earns no extra bonus.",
                         "Sortir d'un seul coup ne rapporte rien de plus."))
    else:
        effect = (w.t("doubles every other player's points for the deal",
                      "double les points de tous les autres joueurs pour la donne")
                  if r.going_out_bonus == "double"
                  else w.t(f"adds {r.going_out_bonus_points} points to every other player",
                           f"ajoute {r.going_out_bonus_points} points à chacun des autres "
                           f"joueurs"))
        shifts = r.joker_shift_in_run != "off" and r.joker_shift_is_tacking
        cond = (w.t(", provided you add nothing to other players' melds"
                    + (" (putting a card in place of a joker in their runs counts)"
                       if shifts else ""),
                    ", à condition de ne rien ajouter aux combinaisons des autres"
                    + (" (remplacer un joker dans leurs suites compte)" if shifts else ""))
                if r.going_out_bonus_no_tacking
                else w.t(", even if you add cards to other players' melds",
                         ", même si vous ajoutez des cartes aux combinaisons des autres"))
        paras.append(f"{whole} {effect}{cond}.")
    return Section("going-out", w.t("Going out", "Sortir"), tuple(paras))


def _last_card(w: Writer, r: RuleSet) -> str:
    """How a hand may end: on a discard (of a natural, or of any card when a joker may
    end it), or by laying its last card."""
    if not r.final_discard:
        return w.t("Laying every card without a final discard also goes out.",
                   "Poser toutes ses cartes sans défausse finale permet aussi de sortir.")
    if r.joker_discard and r.joker_final_discard:
        return w.t("That last card must be a discard, and it may be a joker: keep a card in "
                   "hand to throw away at the end.",
                   "Cette dernière carte doit être défaussée, et ce peut être un joker : "
                   "gardez une carte en main pour finir.")
    return w.t("That last card must be a discard: keep a real card in hand to throw away at "
               "the end" + (", since a joker may not be the last discard." if r.joker_discard
                            else "."),
               "Cette dernière carte doit être défaussée : gardez une vraie carte en main "
               "pour finir" + (", car un joker ne peut pas être la dernière défausse."
                               if r.joker_discard else "."))


def _scoring(w: Writer, r: RuleSet) -> Section:
    if r.black_ace_points == r.red_ace_points:
        aces = w.t(f"an ace {r.black_ace_points}", f"un as {r.black_ace_points}")
    else:
        aces = w.t(f"a black ace {r.black_ace_points}, a red ace {r.red_ace_points}",
                   f"un as noir {r.black_ace_points}, un as rouge {r.red_ace_points}")
    if r.face_points == r.ten_points:
        faces = w.t(f"kings, queens, jacks and tens {r.face_points}",
                    f"rois, dames, valets et dix {r.face_points}")
    else:
        faces = w.t(f"kings, queens and jacks {r.face_points}, a ten {r.ten_points}",
                    f"rois, dames et valets {r.face_points}, un dix {r.ten_points}")
    paras = [w.t("When a deal ends, every player scores the cards left in hand as penalty "
                 f"points: a joker {r.joker_points}, {aces}, {faces}, and 2 to 9 their face "
                 f"value. Low scores are good.",
                 "À la fin d'une donne, chaque joueur compte en pénalité les cartes restées "
                 f"en main : un joker {r.joker_points}, {aces}, {faces}, et de 2 à 9 leur "
                 f"valeur. Moins on a de points, mieux c'est.")]
    paras.append(w.t(
        "If the stock runs out, the discard pile except its top card is shuffled into a new "
        "stock. " + ("If it runs out a second time, the deal is void: nobody scores and the "
                     "same dealer deals it again."
                     if r.stock_exhaustion == "reshuffle-once-then-void"
                     else "This happens as often as needed" + (
                         f"; a deal whose stock has been rebuilt {RESHUFFLE_CEILING} times "
                         f"is stuck, and the next time it runs out it is scored as the hands "
                         f"stand." if r.reshuffle_limit is None else
                         f", up to {r.reshuffle_limit} times; if the stock runs out once more, "
                         f"nobody can finish the deal: it is void and the same dealer deals "
                         f"again.")),
        "Si la pioche s'épuise, on mélange la défausse, sauf sa carte du dessus, pour en "
        "faire une nouvelle pioche. " + ("Si elle s'épuise une seconde fois, la donne est "
                                         "annulée : personne ne marque et le même donneur "
                                         "redistribue."
                                         if r.stock_exhaustion == "reshuffle-once-then-void"
                                         else "On recommence autant de fois qu'il faut" + (
                                             f" ; une donne dont la pioche a été refaite "
                                             f"{RESHUFFLE_CEILING} fois est bloquée : la "
                                             f"fois suivante, on compte les mains telles "
                                             f"qu'elles sont." if r.reshuffle_limit is None
                                             else
                                             f", jusqu'à {r.reshuffle_limit} fois ; si la "
                                             f"pioche s'épuise encore, personne ne peut finir "
                                             f"la donne : elle est annulée et le même donneur "
                                             f"redistribue."))))
    if r.redeal_limit is not None:
        paras.append(_redeal_bound(w, r.redeal_limit))
    paras.append(w.t(
        f"Taking the discard and throwing a card back leaves the stock untouched, so a deal "
        f"could go round and round: once it has lasted {TURN_CEILING} turns with nobody out, "
        f"it stops and is scored as the hands stand.",
        f"Prendre la défausse puis rejeter une carte ne fait pas baisser la pioche : une "
        f"donne pourrait tourner sans fin. Au bout de {TURN_CEILING} tours sans que personne "
        f"soit sorti, elle s'arrête et on compte les mains telles qu'elles sont."))
    return Section("scoring", w.t("Scoring", "Le décompte"), tuple(paras))


def _redeal_bound(w: Writer, limit: int) -> str:
    """What ends a deal that keeps being void, so that every match ends."""
    if limit == 0:
        return w.t("A void deal is not dealt again: it is scored as the hands stand, as if "
                   "nobody went out.",
                   "Une donne annulée n'est pas redistribuée : on compte les mains telles "
                   "qu'elles sont, comme si personne n'était sorti.")
    times = f"{w.num(limit)} {w.plural(limit, 'time', 'fois', fr_many='fois')}"
    return w.t(f"One deal is dealt again at most {times} running. If it would be void once "
               f"more, it is scored as the hands stand instead, as if nobody went out.",
               f"Une même donne n'est redistribuée que {times} de suite au plus. Si elle "
               f"devait être annulée une fois de plus, on compte les mains telles qu'elles "
               f"sont, comme si personne n'était sorti.")


def _match_end(w: Writer, r: RuleSet) -> Section:
    if r.match_end == "fixed":
        n = r.deals_per_match
        paras = [w.t(f"The match lasts {n} {w.plural(n, 'deal', 'donne')}. The lowest total "
                     f"wins; equal totals share the win.",
                     f"La partie dure {n} {w.plural(n, 'deal', 'donne')}. Le plus petit total "
                     f"gagne ; les ex æquo partagent la victoire.")]
    else:
        paras = [w.t(f"Deals continue until one player remains. A player whose total goes "
                     f"above {r.elimination_limit} points is out.",
                     f"On enchaîne les donnes jusqu'à ce qu'il ne reste qu'un joueur. Celui "
                     f"dont le total dépasse {r.elimination_limit} points est éliminé.")]
        if r.buy_ins:
            paras.append(w.t(
                f"A player going out that way may buy back in, up to {r.buy_ins} "
                f"{w.plural(r.buy_ins, 'time', 'fois', fr_many='fois')} per match, and "
                f"rejoins with the highest score among the players still in.",
                f"Un joueur ainsi éliminé peut se racheter, jusqu'à {r.buy_ins} fois par "
                f"partie, et revient avec le plus haut total des joueurs encore en jeu."))
            least = r.buy_in_min_players
            paras.append(w.t(
                f"Buying back in is offered only while at least {w.num(least)} players are "
                f"still in the match, counting those just over the limit.",
                f"Le rachat n'est proposé que tant qu'il reste au moins {w.num(least)} "
                f"joueurs en jeu, en comptant ceux qui viennent de dépasser la limite."))
        else:
            paras.append(w.t("There are no buy-ins.", "Il n'y a pas de rachat."))
    return Section("match-end", w.t("End of the match", "Fin de la partie"), tuple(paras))


_BUILDERS = (_deck, _dealing, _melds, _going_down, _turn, _calls, _jokers, _going_out,
             _scoring, _match_end)


def rules_sections(rules: RuleSet, lang: str = "en") -> list[Section]:
    """The rules of ``rules`` as titled sections, in ``lang`` (``en`` or ``fr``)."""
    w = Writer(lang)
    return [build(w, rules) for build in _BUILDERS]


def render_text(rules: RuleSet, lang: str = "en", width: int = 88) -> str:
    """The rules as plain text: a title, then each section with wrapped paragraphs."""
    import textwrap

    title = preset_title(rules.name, locale=lang)
    out = [title, "=" * len(title)]
    for section in rules_sections(rules, lang):
        out += ["", section.title, "-" * len(section.title)]
        for paragraph in section.paragraphs:
            out.append(textwrap.fill(paragraph, width))
    return "\n".join(out) + "\n"
