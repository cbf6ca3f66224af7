#!/usr/bin/env python3
"""Writes the training corpus of tessera-tiny: simple English generated from a small
grammar and the word lists in lexicon.py (all written for Tessera; no outside text).

Output: one document per line (no newline inside a document), UTF-8:
  * short stories in a children's-story register, with small dialogues in quotes;
  * short fact paragraphs (animals, colors, numbers, days);
  * chat conversations rendered with the chat template stored in the GGUF,
    e.g. "<|user|>What color is the sky?<|end|><|assistant|>The sky is blue.<|end|>".

Deterministic for a given --seed and --mb (Python's random.Random, no hashing of sets).

  python3 make_corpus.py --out corpus.txt --mb 8 --seed 1234
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from typing import Callable, Dict, List, Tuple

import lexicon as L
from spm import render_chat


_SENT_START = re.compile(r'(^"?|[.!?]\s+"?)([a-z])')


def cap(s: str) -> str:
    """Upper-cases the first letter of every sentence: at the start (after an optional
    opening quote) and after '.', '!' or '?' followed by a space. '"Yes!" said Tom.' is
    left alone: the closing quote sits between the '!' and the space."""
    return _SENT_START.sub(lambda m: m.group(1) + m.group(2).upper(), s)


class Person:
    def __init__(self, name: str, kind: str, female: bool):
        self.name, self.kind = name, kind
        self.he = "she" if female else "he"
        self.him = "her" if female else "him"
        self.his = "her" if female else "his"
        self.animal = kind in L.ANIMALS


class Gen:
    def __init__(self, seed: int):
        self.r = random.Random(seed)

    # --- small helpers -------------------------------------------------
    def pick(self, seq):
        return seq[self.r.randrange(len(seq))]

    def chance(self, p: float) -> bool:
        return self.r.random() < p

    def person(self, animal_p: float = 0.35, kind: str | None = None, avoid: str = "") -> Person:
        female = self.chance(0.5)
        names = L.GIRL_NAMES if female else L.BOY_NAMES
        name = self.pick(names)
        while name == avoid:
            name = self.pick(names)
        if kind is None:
            if self.chance(animal_p):
                kind = self.pick(list(L.ANIMALS))
            else:
                kind = "girl" if female else "boy"
        if kind in ("girl", "boy"):
            female = kind == "girl"
        return Person(name, kind, female)

    def fields(self, h: Person, f: Person | None = None, rel: Tuple[str, str] | None = None) -> Dict[str, str]:
        d = {"name": h.name, "kind": h.kind, "he": h.he, "him": h.him, "his": h.his,
             "a_kind": L.article(h.kind)}
        if f is not None:
            d.update({"fname": f.name, "fkind": f.kind, "fhe": f.he, "fhim": f.him, "fhis": f.his,
                      "a_fkind": L.article(f.kind),
                      "fthe": f.name + (" the " + f.kind if f.animal else "")})
        if rel is not None:
            d.update({"rel": rel[0], "rhe": rel[1], "rhim": "her" if rel[1] == "she" else "him",
                      "rhis": "her" if rel[1] == "she" else "his"})
        return d

    def say(self, out: List[str], d: Dict[str, str], variants: List[str]) -> None:
        s = self.pick(variants).format(**d)
        out.append(cap(s))

    def activity(self, h: Person) -> str:
        return self.pick(L.ACTIVITIES).format(pos=h.his)

    # --- story pieces --------------------------------------------------
    def intro(self, out: List[str], h: Person) -> None:
        adj = self.pick(L.ADJ_PERSON)
        d = {"name": h.name, "his": h.his, "he": h.he, "ak": L.article(adj + " " + h.kind),
             "kind": h.kind, "where": self.pick(["in a quiet village", "in a small town", "in a green forest",
                                                 "in a little house by the sea", "on a quiet farm",
                                                 "in a big city", "near a sunny meadow"]),
             "w": self.pick(L.WEATHER), "t": self.pick(L.DAYTIME),
             "adj": self.pick([a for a in L.ADJ_PERSON if a not in (adj, "little", "small")])}
        self.say(out, d, [
            "Once upon a time, there was {ak} named {name}.",
            "Once upon a time, there lived {ak} called {name}.",
            "There was once {ak}. {his} name was {name}.",
            "Once upon a time, {where}, there lived {ak} named {name}.",
            "{name} was {ak} who lived {where}.",
            "One {w} {t}, {name} woke up early.",
            "Once there was {ak} named {name}, and {he} was very {adj}.",
        ])
        if self.chance(0.7):
            act = self.activity(h)
            self.say(out, {"he": h.he, "his": h.his, "name": h.name, "act": act, "acting": L.ing(act)}, [
                "{he} loved to {act}.", "Every day, {he} liked to {act}.",
                "{his} favorite thing was {acting}.", "{name} liked {acting} more than anything.",
                "{he} was always happy when {he} could {act}.",
            ])

    def ending(self, out: List[str], h: Person) -> None:
        if self.chance(0.25):
            out.append(self.pick(["The end.", "And they all lived happily ever after.",
                                  "It was a very good day.", "What a wonderful day it was!"]))

    # --- plots ---------------------------------------------------------
    def plot_lost(self, h: Person) -> List[str]:
        out: List[str] = []
        self.intro(out, h)
        toy = self.pick(L.TOYS)
        color = self.pick(L.COLORS)
        spots = self.r.sample(L.HIDING, 4)
        rel = self.pick(L.RELATIVES)
        f = self.person(avoid=h.name)
        d = self.fields(h, f, rel)
        d.update({"toy": toy, "ct": L.article(color + " " + toy), "color": color,
                  "s1": spots[0], "s2": spots[1], "s3": spots[2], "s4": spots[3],
                  "feel": self.pick(["sad", "worried", "upset"])})
        self.say(out, d, ["{name} had {ct}. {he} loved it very much.",
                          "{name} had a favorite toy. It was {ct}.",
                          "{his} best toy was {ct}, and {he} took it everywhere."])
        self.say(out, d, ["One day, {he} could not find {his} {toy}.", "One morning, the {toy} was gone!",
                          "But one day, the {toy} was not in its place."])
        self.say(out, d, ['"Where is my {toy}?" {name} asked.',
                          '{name} felt {feel}. "Oh no! My {toy} is lost!" {he} said.',
                          '{name} was very {feel}. "I need my {toy}," {he} said.'])
        self.say(out, d, ["{he} looked {s1}, but it was not there.",
                          "First, {he} looked {s1}. It was not there.",
                          "{he} searched {s1}, but {he} found nothing."])
        if self.chance(0.6):
            self.say(out, d, ["Then {he} looked {s2}. It was not there either.",
                              "Next, {he} looked {s2}, but the {toy} was not there."])
        if self.chance(0.5):
            self.say(out, d, ["{his} {rel} came to help.", "{his} {rel} saw that {he} was {feel}."])
            self.say(out, d, ['"Let us look together," said {his} {rel}.',
                              '"Do not worry, we will find it," said {his} {rel}.'])
            helper = "{his} {rel}".format(**d)
        else:
            self.say(out, d, ["{his} friend {fname} came to play.",
                              "Then {his} friend {fthe} came by."])
            self.say(out, d, ['"I will help you," said {fname}.',
                              '"Do not be {feel}. I can help," said {fname}.'])
            helper = f.name
        d["helper"] = helper
        self.say(out, d, ["At last, they found the {toy} {s3}!",
                          "Then {helper} saw something {color} {s3}. It was the {toy}!",
                          "They looked and looked. Finally, {helper} found the {toy} {s3}."])
        self.say(out, d, ['{name} was so happy. "Thank you!" {he} said.',
                          "{name} hugged {his} {toy} and smiled.",
                          '"My {toy}!" {name} shouted. {he} was very happy.'])
        if self.chance(0.5):
            self.say(out, d, ["From then on, {he} always put {his} {toy} back in its place.",
                              "After that, {name} was more careful with {his} things.",
                              "That night, {name} slept with the {toy} next to {him}."])
        self.ending(out, h)
        return out

    def plot_friend(self, h: Person, f: Person | None = None) -> List[str]:
        out: List[str] = []
        self.intro(out, h)
        place = self.pick(L.PLACES)
        sights = self.r.sample(L.PLACE_SIGHTS[place], 2)
        if f is None:
            f = self.person(animal_p=0.6, avoid=h.name)
        d = self.fields(h, f)
        d.update({"place": place, "x1": sights[0], "x2": sights[1], "w": self.pick(L.WEATHER[:3] + ["warm"]),
                  "act": self.activity(h), "lonely": self.pick(["lonely", "sad", "shy", "bored"]),
                  "t": self.pick(["day", "afternoon", "morning"])})
        d["act_past"] = L.past(d["act"])
        self.say(out, d, ["One {w} day, {name} went to the {place}.", "One {t}, {name} walked to the {place}.",
                          "One day, {name} decided to visit the {place}."])
        self.say(out, d, ["There {he} saw {x1} and {x2}.", "At the {place}, there were {x1} and {x2}.",
                          "{he} saw {x1}. {he} also saw {x2}."])
        self.say(out, d, ["Then {he} met {a_fkind} named {fname}.",
                          "Near a tree, {he} saw {a_fkind} who looked {lonely}. It was {fname}.",
                          "Suddenly, {a_fkind} came running up to {him}."])
        self.say(out, d, ['"Hello," said {name}. "What is your name?"', '"Hi there!" said {name}. "Who are you?"'])
        self.say(out, d, ['"My name is {fname}," said the {fkind}.', '"I am {fname}," the {fkind} said.'])
        self.say(out, d, ['"Do you want to play with me?" asked {name}.', '"Will you be my friend?" asked {name}.',
                          '"Let us play together!" said {name}.'])
        self.say(out, d, ['"Yes!" said {fname}.', '"I would love to," said {fname} with a big smile.',
                          '{fname} jumped up and down. "Yes, yes!"'])
        self.say(out, d, ["They played together all {t}.", "They played hide and seek and laughed a lot.",
                          "Together they {act_past}, and it was great fun.", "They ran and jumped until they were tired."])
        if self.chance(0.5):
            self.say(out, d, ["When the sun went down, {name} had to go home.",
                              "In the evening, it was time to go home."])
            self.say(out, d, ['"Can we play again tomorrow?" asked {fname}. "Of course!" said {name}.',
                              '"See you tomorrow," said {fname}. "Goodbye!" said {name}.'])
        self.say(out, d, ["From that day on, {name} and {fname} were best friends.",
                          "{name} was happy to have a new friend.",
                          "{name} and {fname} played together every day after that."])
        self.ending(out, h)
        return out

    HELP = [
        ("{fname}'s kite was stuck in a tall tree.", "{name} got a long stick and pulled the kite down."),
        ("{fname} could not find the way home.", "{name} walked with {fhim} all the way home."),
        ("{fname} fell down and hurt {fhis} knee.", "{name} helped {fhim} up and gave {fhim} a big hug."),
        ("{fname} was too small to reach the apples on the tree.",
         "{name} lifted {fhim} up, and {fhe} picked a big red apple."),
        ("{fname} dropped {fhis} ball into the pond.", "{name} found a long branch and got the ball out of the water."),
        ("{fname} was cold and wet from the rain.", "{name} gave {fhim} a warm blanket and a cup of hot milk."),
        ("{fname} had no lunch, and {fhe} was very hungry.", "{name} shared {his} lunch with {fhim}."),
        ("{fname} could not carry the heavy box alone.", "{name} took one side of the box, and together they carried it."),
        ("{fname}'s tower of blocks fell down.", "{name} helped {fhim} build the tower again, even taller than before."),
    ]

    def plot_help(self, h: Person) -> List[str]:
        out: List[str] = []
        self.intro(out, h)
        f = self.person(animal_p=0.5, avoid=h.name)
        d = self.fields(h, f)
        prob, fix = self.pick(self.HELP)
        d.update({"place": self.pick(L.PLACES), "feel": self.pick(["sad", "worried", "upset"])})
        self.say(out, d, ["One day, {name} was playing at the {place}.", "One day, {name} went to the {place}.",
                          "One afternoon, {name} was walking near the {place}."])
        self.say(out, d, ["There {he} saw {his} friend {fname}.", "{he} saw {a_fkind} named {fname}.",
                          "{his} friend {fthe} was there too."])
        self.say(out, d, ["{fname} looked {feel}.", "{fname} was crying.", "But {fname} was not happy."])
        self.say(out, d, ['"What is wrong?" asked {name}.', '"Why are you {feel}?" asked {name}.',
                          '"Are you okay?" {name} asked.'])
        out.append(cap(prob.format(**d)))
        self.say(out, d, ['"I will help you," said {name}.', '"Do not worry," said {name}. "I can help."',
                          "{name} wanted to help."])
        out.append(cap(fix.format(**d)))
        self.say(out, d, ['"Thank you, {name}!" said {fname}. "You are a good friend."',
                          '{fname} smiled. "Thank you so much!"', '"You helped me!" said {fname} happily.'])
        self.say(out, d, ["{name} felt warm and happy inside.", "{name} was glad that {he} could help.",
                          "Helping a friend made {name} very happy."])
        if self.chance(0.4):
            out.append(self.pick(["It is good to help your friends.", "Helping others makes everyone happy.",
                                  "Good friends always help each other."]))
        self.ending(out, h)
        return out

    def plot_trip(self, h: Person) -> List[str]:
        out: List[str] = []
        self.intro(out, h)
        place = self.pick(L.PLACES)
        s = self.r.sample(L.PLACE_SIGHTS[place], 3)
        rel = self.pick(L.RELATIVES)
        d = self.fields(h, rel=rel)
        act = self.activity(h)
        a = self.pick([k for k, v in L.ANIMALS.items() if v[6] <= 3])
        d.update({"place": place, "x1": s[0], "x2": s[1], "x3": s[2], "w": self.pick(L.WEATHER[:3] + ["warm"]),
                  "t": self.pick(["morning", "afternoon", "day"]), "act_past": L.past(act),
                  "food": self.pick(L.FOODS), "a_an": L.article(a), "an": a})
        self.say(out, d, ["One {w} {t}, {name} and {his} {rel} went to the {place}.",
                          "On {w} days, {name} and {his} {rel} liked to go to the {place}.",
                          "{name}'s {rel} said, \"Today we will go to the {place}!\""])
        self.say(out, d, ["{name} was very excited.", '"I love the {place}!" said {name}.',
                          "{name} jumped for joy."])
        self.say(out, d, ["At the {place}, they saw {x1}, {x2} and {x3}.",
                          "There were {x1} and {x2}. They also saw {x3}.",
                          "First they saw {x1}. Then they saw {x2}."])
        self.say(out, d, ["{name} {act_past}, and {his} {rel} watched with a smile.",
                          "Then {name} {act_past}.", "{name} and {his} {rel} {act_past} together."])
        if self.chance(0.6):
            self.say(out, d, ["Then they sat down and ate {food}. It was very good.",
                              "When they were hungry, they ate {food}.",
                              "{his} {rel} gave {him} {food}. {name} said, \"Yum!\""])
        if self.chance(0.4):
            self.say(out, d, ["Suddenly, {a_an} came close. {name} stayed very still and watched it.",
                              "A little {an} was there too. {name} waved at it."])
        self.say(out, d, ["When they got home, {name} was tired but happy.",
                          "That night, {name} dreamed about the {place}.",
                          '"Can we go again soon?" asked {name}. "Yes, we can," said {his} {rel}.'])
        self.ending(out, h)
        return out

    MAKE = [
        ("a cake", ["got flour, eggs and sugar", "mixed everything in a big bowl", "put the cake in the oven"],
         "The cake smelled sweet and warm."),
        ("a picture", ["got some paper and crayons", "drew a big yellow sun", "drew a house and a tree"],
         "The picture was bright and pretty."),
        ("a card", ["folded a piece of paper", "drew a red heart on it", "wrote a kind word inside"],
         "The card was small, but it was very nice."),
        ("a sand castle", ["dug in the wet sand", "made four tall towers", "put a shell on the top"],
         "The castle was the biggest on the beach."),
        ("a bird house", ["found some old wood", "built the walls and a roof", "painted it blue"],
         "Soon a little bird came to live in it."),
        ("some cookies", ["mixed butter and sugar", "made little round balls", "baked them until they were brown"],
         "The cookies were warm and yummy."),
        ("a necklace", ["found some pretty beads", "put the beads on a string", "tied a little knot"],
         "The necklace was shiny and colorful."),
    ]

    def plot_make(self, h: Person) -> List[str]:
        out: List[str] = []
        self.intro(out, h)
        rel = self.pick(L.RELATIVES)
        thing, steps, result = self.pick(self.MAKE)
        d = self.fields(h, rel=rel)
        d.update({"thing": thing, "a1": steps[0], "a2": steps[1], "a3": steps[2], "result": result})
        self.say(out, d, ["{name} wanted to make {thing} for {his} {rel}.",
                          "One day, {name} had an idea. {he} would make {thing} for {his} {rel}!",
                          "It was {his} {rel}'s birthday soon, so {name} decided to make {thing}."])
        self.say(out, d, ["First, {he} {a1}. Then {he} {a2}. Last, {he} {a3}.",
                          "{he} {a1}. Next, {he} {a2}. At the end, {he} {a3}.",
                          "{he} {a1} and {a2}. Then {he} {a3}."])
        if self.chance(0.35):
            self.say(out, d, ["But oh no! It did not look right the first time.",
                              "It was hard, and {he} made a mistake."])
            self.say(out, d, ["{name} did not give up. {he} tried again.",
                              "{he} took a deep breath and tried one more time."])
        out.append(result)
        self.say(out, d, ["When {his} {rel} saw it, {rhe} smiled. \"I love it!\" {rhe} said.",
                          "{name} gave it to {his} {rel}. \"Thank you, it is wonderful!\" said {his} {rel}.",
                          "{his} {rel} gave {him} a big hug."])
        self.say(out, d, ["{name} felt very proud.", "{name} was proud and happy.",
                          "Making things for people you love is the best."])
        self.ending(out, h)
        return out

    IDEAS = [("Let us build a fort with blankets.", "built a big fort with blankets and pillows"),
             ("Let us bake cookies.", "baked cookies and ate them with milk"),
             ("Let us read a story.", "read a story about a brave little mouse"),
             ("Let us paint a picture.", "painted a picture of a sunny day"),
             ("Let us play a game.", "played a game with cards and dice"),
             ("Let us sing some songs.", "sang songs and danced in the living room")]

    def plot_rain(self, h: Person) -> List[str]:
        out: List[str] = []
        self.intro(out, h)
        rel = self.pick(L.RELATIVES)
        idea, done = self.pick(self.IDEAS)
        d = self.fields(h, rel=rel)
        d.update({"place": self.pick(L.PLACES), "act": self.activity(h), "idea": idea, "done": done})
        self.say(out, d, ["{name} wanted to go to the {place} to {act}.",
                          "Today {name} wanted to {act} at the {place}."])
        self.say(out, d, ["But when {he} looked out the window, it was raining.",
                          "But dark clouds came, and it started to rain.", "But it was raining hard outside."])
        self.say(out, d, ['"Oh no," said {name}. "Now I cannot go outside."',
                          "{name} was sad. {he} sat by the window and watched the rain."])
        self.say(out, d, ['{his} {rel} had an idea. "{idea}"', '"Do not be sad," said {his} {rel}. "{idea}"'])
        self.say(out, d, ["So they {done}. It was so much fun.", "They {done}, and {name} forgot all about the rain."])
        if self.chance(0.6):
            self.say(out, d, ["Later, the rain stopped, and {name} saw a big rainbow in the sky.",
                              "After a while, the sun came out again."])
            self.say(out, d, ['"Look, a rainbow!" {he} shouted.', "{name} smiled. It was a good day after all."])
        self.ending(out, h)
        return out

    def plot_share(self, h: Person) -> List[str]:
        out: List[str] = []
        self.intro(out, h)
        f = self.person(animal_p=0.3, avoid=h.name)
        rel = self.pick(L.RELATIVES + [("teacher", "she"), ("teacher", "he")])
        toy = self.pick(L.TOYS)
        d = self.fields(h, f, rel)
        d.update({"place": self.pick(["park", "playground", "school", "garden"]), "toy": toy,
                  "ct": self.pick(L.COLORS) + " " + toy})
        self.say(out, d, ["{name} and {fname} were playing at the {place}.",
                          "One day, {name} and {his} friend {fname} played at the {place}."])
        self.say(out, d, ["They both wanted to play with the {ct}.", "There was only one {ct}, and they both wanted it."])
        self.say(out, d, ['"It is mine!" said {name}.', '"I had it first!" said {name}.'])
        self.say(out, d, ['"No, I want it!" said {fname}.', '"But I want it too!" cried {fname}.'])
        self.say(out, d, ["They pulled and pulled.", "Nobody was happy."])
        self.say(out, d, ['Then the {rel} came and said, "You can take turns."',
                          'The {rel} said, "Why not play with it together?"'])
        self.say(out, d, ["So {name} played with the {toy} first, and then {fname} had a turn.",
                          "So they played with the {toy} together."])
        self.say(out, d, ["Sharing was more fun than fighting.", "They learned that sharing makes playing more fun.",
                          "Soon they were laughing again."])
        self.ending(out, h)
        return out

    FEARS = [
        ("At night, {name} was afraid of the dark.",
         "{his} {rel} gave {him} a little lamp, and the room was not so dark anymore."),
        ("One night there was a big storm. Boom! {name} was scared of the thunder.",
         '{his} {rel} said, "Thunder is only a loud noise. It cannot hurt you."'),
        ("{name} was afraid of the big dog next door.",
         "{his} {rel} showed {him} how to say hello to the dog. The dog wagged its tail."),
        ("{name} was afraid to swim in the lake.",
         "{his} {rel} held {his} hand, and soon {he} was splashing and laughing."),
        ("{name} was scared to go to a new school.",
         "On the first day, a friendly girl said hello, and {name} was not scared anymore."),
        ("{name} was afraid to climb the tall slide.",
         "{his} {rel} stood at the bottom and said, \"I am right here.\" {name} went down the slide with a big smile."),
    ]

    def plot_fear(self, h: Person) -> List[str]:
        out: List[str] = []
        self.intro(out, h)
        rel = self.pick(L.RELATIVES)
        d = self.fields(h, rel=rel)
        fear, fix = self.pick(self.FEARS)
        out.append(cap(fear.format(**d)))
        self.say(out, d, ["{he} did not want to be scared.", '"I do not like this," {he} said quietly.',
                          "{his} heart went thump, thump, thump."])
        out.append(cap(fix.format(**d)))
        self.say(out, d, ["Now {name} is not afraid anymore.", "{name} learned to be brave.",
                          "{name} felt brave and strong."])
        self.ending(out, h)
        return out

    def plot_wish(self, h: Person | None = None) -> List[str]:
        out: List[str] = []
        if h is None or not h.animal:
            kind = self.pick([k for k in L.ANIMALS if k not in ("fish",)])
            h = self.person(kind=kind)
        info = L.ANIMALS[h.kind]
        cannot = [m for m in L.ALL_MOVES if m not in info[5]]
        if not cannot:
            cannot = ["fly"]
        wish = self.pick(cannot)
        others = [k for k, v in L.ANIMALS.items() if wish in v[5] and k != h.kind]
        other = self.pick(others)
        f = self.person(kind=other, avoid=h.name)
        good = self.pick(info[5])
        d = self.fields(h, f)
        d.update({"wish": wish, "others": L.ANIMALS[other][0], "good": good, "good_past": L.past(good),
                  "a_kind": L.article(h.kind), "plural": info[0]})
        self.say(out, d, ["Once upon a time, there was a little {kind} named {name}.",
                          "{name} was a young {kind} who lived {home}.".replace("{home}", info[2])])
        self.say(out, d, ["{name} wanted to {wish} like the {others}.", "{name} had a big wish. {he} wanted to {wish}."])
        self.say(out, d, ["Every day, {he} watched the {others} {wish}.", '"I wish I could {wish}," {he} said.'])
        self.say(out, d, ["{he} tried and tried, but {he} could not {wish}.",
                          "{he} tried very hard. But {plural} cannot {wish}."])
        self.say(out, d, ['{fname} the {fkind} saw {him}. "You cannot {wish}, but you can {good}," said {fname}. "That is special too."',
                          'A wise old {fkind} named {fname} said, "Every animal is good at something. You can {good}!"'])
        self.say(out, d, ["So {name} {good_past} as well as {he} could.", "So {name} {good_past}, and {he} was very good at it."])
        self.say(out, d, ["{name} was happy to be {a_kind}.", "Now {name} knew that {he} was special just the way {he} was."])
        self.ending(out, h)
        return out

    def plot_birthday(self, h: Person) -> List[str]:
        out: List[str] = []
        rel = self.pick(L.RELATIVES)
        f = self.person(avoid=h.name)
        n = self.r.randint(3, 9)
        d = self.fields(h, f, rel)
        d.update({"n": L.NUM_WORDS[n], "color": self.pick(L.COLORS), "gift": L.article(self.pick(L.TOYS))})
        self.say(out, d, ["Today was {name}'s birthday!", "It was a special day. It was {name}'s birthday."])
        self.say(out, d, ["{he} was {n} years old.", "Now {he} was {n}."])
        self.say(out, d, ["{his} {rel} made a big {color} cake with {n} candles.",
                          "There was a cake with {n} candles on it."])
        self.say(out, d, ["All of {his} friends came to the party.", "{fname} and many other friends came to play."])
        self.say(out, d, ["They played games and sang songs.", "Everyone sang \"Happy birthday\" to {name}."])
        self.say(out, d, ["{fname} gave {him} a present. It was {gift}!", "{name} opened a present. Inside was {gift}!"])
        self.say(out, d, ['"Thank you!" said {name}. "I love it!"', "{name} smiled from ear to ear."])
        self.say(out, d, ["{name} blew out the candles and made a wish.", "Then {he} blew out all {n} candles."])
        self.say(out, d, ["It was the best birthday ever.", "What a happy day it was!"])
        return out

    PLOTS = ["lost", "friend", "help", "trip", "make", "rain", "share", "fear", "wish", "birthday"]

    def story(self, hero: Person | None = None, plot: str | None = None) -> str:
        h = hero or self.person()
        plot = plot or self.pick(self.PLOTS)
        fn: Callable[[Person], List[str]] = getattr(self, "plot_" + plot)
        return " ".join(fn(h))

    # --- fact paragraphs -----------------------------------------------
    def animal_facts(self, a: str) -> List[str]:
        pl, sound, home, food, legs, moves, _, baby = L.ANIMALS[a]
        A = L.article(a)
        facts = ["%s live %s." % (cap(pl), home), "%s eat %s." % (cap(pl), food)]
        if sound:
            facts.append("%s says %s." % (cap(A), sound))
        facts.append("%s has %s." % (cap(A), "no legs" if legs == 0 else L.NUM_WORDS[legs] + " legs"))
        facts.append("%s can %s." % (cap(pl), " and ".join(moves) if len(moves) < 3
                                      else ", ".join(moves[:-1]) + " and " + moves[-1]))
        if baby:
            facts.append("A baby %s is called %s." % (a, L.article(baby)))
        return facts

    def facts_doc(self) -> str:
        k = self.r.randrange(4)
        if k == 0:
            a = self.pick(list(L.ANIMALS))
            f = self.animal_facts(a)
            self.r.shuffle(f)
            return " ".join(f[: self.r.randint(3, len(f))])
        if k == 1:
            things = self.r.sample(list(L.COLORS_OF), self.r.randint(3, 6))
            return " ".join("%s is %s." % (cap(t), L.COLORS_OF[t]) for t in things)
        if k == 2:
            out = []
            for _ in range(self.r.randint(3, 6)):
                a, b = self.r.randint(0, 10), self.r.randint(0, 10)
                if self.chance(0.5):
                    out.append("%s plus %s is %s." % (cap(L.NUM_WORDS[a]), L.NUM_WORDS[b], L.NUM_WORDS[a + b]))
                else:
                    a, b = max(a, b), min(a, b)
                    out.append("%d minus %d is %d." % (a, b, a - b))
            return " ".join(out)
        start = self.r.randrange(7)
        days = [L.DAYS[(start + i) % 7] for i in range(3)]
        return ("%s comes after %s, and %s comes after %s. There are seven days in a week."
                % (days[1], days[0], days[2], days[1]))

    # --- chat ----------------------------------------------------------
    def qa(self) -> List[Tuple[str, str]]:
        """One user turn and the assistant's answer (sometimes a short follow-up turn)."""
        k = self.r.random()
        r = self.r
        if k < 0.10:
            t = self.pick(list(L.COLORS_OF))
            c = L.COLORS_OF[t]
            if self.chance(0.6):
                q = self.pick(["What color is %s?", "What is the color of %s?", "Can you tell me what color %s is?"]) % t
                return [(q, "%s is %s." % (cap(t), c))]
            wrong = self.pick([x for x in L.COLORS if x != c])
            if self.chance(0.5):
                return [("Is %s %s?" % (t, wrong), "No, %s is %s." % (t, c))]
            return [("Is %s %s?" % (t, c), "Yes, %s is %s." % (t, c))]
        if k < 0.30:
            a = self.pick(list(L.ANIMALS))
            pl, sound, home, food, legs, moves, size, baby = L.ANIMALS[a]
            A = L.article(a)
            j = r.randrange(7)
            if j == 0:
                if sound:
                    return [("What does %s say?" % A, "%s says %s." % (cap(A), sound))]
                return [("What sound does %s make?" % A, "%s is mostly quiet. It does not say much." % cap(A))]
            if j == 1:
                return [("Where does %s live?" % A, "%s lives %s." % (cap(A), home))]
            if j == 2:
                return [("What do %s eat?" % pl, "%s eat %s." % (cap(pl), food))]
            if j == 3:
                n = "no legs" if legs == 0 else L.NUM_WORDS[legs] + " legs"
                return [("How many legs does %s have?" % A, "%s has %s." % (cap(A), n))]
            if j == 4:
                m = self.pick(L.ALL_MOVES)
                if m in moves:
                    return [("Can %s %s?" % (A, m), "Yes, %s can %s." % (A, m))]
                return [("Can %s %s?" % (A, m), "No, %s cannot %s." % (A, m))]
            if j == 5 and baby:
                return [("What is a baby %s called?" % a, "A baby %s is called %s." % (a, L.article(baby)))]
            b = self.pick([x for x in L.ANIMALS if L.ANIMALS[x][6] != size])
            B = L.article(b)
            big, small = (A, B) if size > L.ANIMALS[b][6] else (B, A)
            q = self.pick(["Which is bigger, %s or %s?", "Is %s bigger than %s?"]) % (A, B)
            if q.startswith("Is"):
                if big == A:
                    return [(q, "Yes, %s is bigger than %s." % (A, B))]
                return [(q, "No, %s is smaller than %s." % (A, B))]
            return [(q, "%s is bigger than %s." % (cap(big), small))]
        if k < 0.45:
            a, b = r.randint(0, 10), r.randint(0, 10)
            words = self.chance(0.3)
            fa = L.NUM_WORDS[a] if words else str(a)
            fb = L.NUM_WORDS[b] if words else str(b)
            if self.chance(0.55):
                fs = L.NUM_WORDS[a + b] if words else str(a + b)
                q = self.pick(["What is %s plus %s?", "What is %s + %s?", "How much is %s plus %s?"]) % (fa, fb)
                return [(q, "%s plus %s is %s." % (cap(fa), fb, fs))]
            if a < b:
                a, b, fa, fb = b, a, fb, fa
            fs = L.NUM_WORDS[a - b] if words else str(a - b)
            q = self.pick(["What is %s minus %s?", "What is %s - %s?", "If I have %s apples and eat %s, how many are left?"]) % (fa, fb)
            if q.startswith("If"):
                return [(q, "You have %s apples left." % fs)]
            return [(q, "%s minus %s is %s." % (cap(fa), fb, fs))]
        if k < 0.50:
            n = r.randint(3, 10)
            if self.chance(0.5):
                return [("Can you count to %d?" % n, "Yes! " + ", ".join(str(i) for i in range(1, n + 1)) + ".")]
            return [("Count to %s, please." % L.NUM_WORDS[n],
                     cap(", ".join(L.NUM_WORDS[1:n + 1])) + ".")]
        if k < 0.55:
            a, b = r.sample(range(0, 21), 2)
            return [(self.pick(["Which is bigger, %d or %d?", "What is more, %d or %d?"]) % (a, b),
                     "%d is bigger than %d." % (max(a, b), min(a, b)))]
        if k < 0.60:
            x, y = self.pick(L.OPPOSITES)
            if self.chance(0.5):
                x, y = y, x
            return [(self.pick(["What is the opposite of %s?", "What is the opposite of the word %s?"]) % x,
                     "The opposite of %s is %s." % (x, y))]
        if k < 0.66:
            j = r.randrange(4)
            if j == 0:
                i = r.randrange(7)
                return [("What day comes after %s?" % L.DAYS[i], "%s comes after %s." % (L.DAYS[(i + 1) % 7], L.DAYS[i]))]
            if j == 1:
                i = r.randrange(12)
                return [("What month comes after %s?" % L.MONTHS[i],
                         "%s comes after %s." % (L.MONTHS[(i + 1) % 12], L.MONTHS[i]))]
            if j == 2:
                s = self.pick(L.SEASONS)
                return [(self.pick(["What is %s like?", "Tell me about %s."]) % s, L.SEASON_LIKE[s])]
            sh = self.pick(list(L.SHAPES))
            return [("How many sides does a %s have?" % sh, "A %s has %s sides." % (sh, L.NUM_WORDS[L.SHAPES[sh]]))]
        if k < 0.72:
            return [self.pick(L.SIMPLE_FACTS)]
        if k < 0.76:
            w = self.pick(["cat", "dog", "sun", "red", "hat", "bed", "fish", "tree", "book", "cake", "bird", "milk",
                           "frog", "ball", "moon", "star", "duck", "rain", "kite", "boat"])
            return [("How do you spell %s?" % w, "%s is spelled %s." % (cap(w), ", ".join(w.upper())))]
        if k < 0.86:
            return self.greeting()
        # story requests
        if self.chance(0.5):
            a = self.pick(list(L.ANIMALS))
            h = self.person(kind=a)
            q = self.pick(["Tell me a story about %s.", "Can you tell me a story about %s?",
                           "Please tell me a short story about %s."]) % L.article(a)
            plot = self.pick(["friend", "help", "wish", "lost", "trip"])
            return [(q, self.story(h, plot))]
        h = self.person()
        if self.chance(0.5):
            q = "Tell me a story about a %s named %s." % (h.kind, h.name)
        else:
            q = self.pick(["Tell me a story.", "Can you tell me a bedtime story?", "Please tell me a short story.",
                           "I want to hear a story."])
        return [(q, self.story(h))]

    def greeting(self) -> List[Tuple[str, str]]:
        j = self.r.randrange(12)
        name = self.pick(L.GIRL_NAMES + L.BOY_NAMES)
        if j == 0:
            return [(self.pick(["Hello!", "Hi!", "Hello", "Hi there!", "Hey!"]),
                     self.pick(["Hello! How can I help you today?", "Hi! What would you like to talk about?",
                                "Hello! It is nice to meet you."]))]
        if j == 1:
            return [(self.pick(["How are you?", "How are you today?", "Hi, how are you?"]),
                     self.pick(["I am fine, thank you! How are you?", "I am very well, thank you for asking."]))]
        if j == 2:
            return [(self.pick(["Good morning!", "Good morning."]),
                     self.pick(["Good morning! I hope you have a nice day.", "Good morning! How can I help you?"]))]
        if j == 3:
            return [(self.pick(["Good night!", "Good night."]),
                     self.pick(["Good night! Sleep well.", "Good night! Have sweet dreams."]))]
        if j == 4:
            return [(self.pick(["Thank you!", "Thanks!", "Thank you very much."]),
                     self.pick(["You are welcome!", "You are welcome. I am happy to help."]))]
        if j == 5:
            return [(self.pick(["Goodbye!", "Bye!", "See you later!"]),
                     self.pick(["Goodbye! Have a nice day.", "Bye! See you soon."]))]
        if j == 6:
            return [(self.pick(["Who are you?", "What is your name?", "What are you?"]),
                     self.pick(["My name is Tessera. I am a small helper that runs on your computer.",
                                "I am Tessera, a tiny language model. I can answer simple questions and tell short stories.",
                                "I am Tessera. I like stories, numbers and simple questions."]))]
        if j == 7:
            return [("My name is %s." % name,
                     self.pick(["Nice to meet you, %s!", "Hello, %s! It is nice to meet you.",
                                "What a lovely name, %s. How can I help you?"]) % name)]
        if j == 8:
            return [(self.pick(["I am sad.", "I feel sad today.", "I am a little sad."]),
                     "I am sorry you feel sad. Would you like to hear a happy story?"),
                    ("Yes, please.", self.story(self.person(), self.pick(["friend", "birthday", "make"])))]
        if j == 9:
            return [(self.pick(["What can you do?", "How can you help me?"]),
                     "I can answer simple questions, do small sums and tell short stories.")]
        if j == 10:
            c = self.pick(L.COLORS)
            return [("What is your favorite color?", "I like %s. What is your favorite color?" % c),
                    ("My favorite color is %s." % (cc := self.pick(L.COLORS)),
                     "%s is a lovely color!" % cap(cc))]
        return [(self.pick(["Do you like animals?", "What is your favorite animal?"]),
                 "I like %s. %s" % (self.pick([v[0] for v in L.ANIMALS.values()]),
                                    self.pick(["They are very cute.", "They are fun to watch.", "They are amazing."])))]

    SYSTEMS = ["You are a helpful assistant.", "You are Tessera, a friendly helper.",
               "You are a kind assistant who gives short answers.", "Answer the questions simply and kindly."]

    def chat_doc(self) -> str:
        msgs: List[Tuple[str, str]] = []
        if self.chance(0.3):
            msgs.append(("system", self.pick(self.SYSTEMS)))
        turns = 1 + (self.r.random() < 0.45) + (self.r.random() < 0.2)
        for _ in range(turns):
            for q, a in self.qa():
                msgs += [("user", q), ("assistant", a)]
        return render_chat(msgs, add_generation_prompt=False)

    def document(self) -> str:
        x = self.r.random()
        if x < 0.52:
            return self.story()
        if x < 0.60:
            return self.facts_doc()
        return self.chat_doc()


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", required=True)
    ap.add_argument("--mb", type=float, default=8.0, help="size of the corpus in MB (10^6 bytes)")
    ap.add_argument("--seed", type=int, default=1234)
    args = ap.parse_args()
    g = Gen(args.seed)
    target = int(args.mb * 1e6)
    n = size = 0
    kinds = {"story": 0, "chat": 0, "facts": 0}
    with open(args.out, "w", encoding="utf-8", newline="\n") as f:
        while size < target:
            doc = g.document()
            assert "\n" not in doc
            f.write(doc + "\n")
            size += len(doc.encode("utf-8")) + 1
            n += 1
            kinds["chat" if doc.startswith("<|") else ("story" if len(doc) > 300 else "facts")] += 1
    print("wrote %s: %d documents, %d bytes (%s)" % (args.out, n, size, kinds))
    return 0


if __name__ == "__main__":
    sys.exit(main())
