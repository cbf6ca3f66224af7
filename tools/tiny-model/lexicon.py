"""Word lists and small fact tables for make_corpus.py, written for Tessera.

Everything here is plain common English vocabulary and everyday facts, chosen so
that stories and question/answer turns agree with each other (a cow always says
moo, lives on a farm and eats grass).
"""

GIRL_NAMES = """Lily Mia Anna Zoe Emma Lucy Sara Ella Ruby Nora Rosa Maya Ivy Kate Jane Amy Lena
Grace Hana Iris Tina Nina Eva Clara Daisy Molly Polly Sophie Alice Julia Tara Leah Sue Pam Kim
Ada Greta Fiona Hazel""".split()

BOY_NAMES = """Tom Ben Sam Max Leo Jack Tim Finn Noah Luke Adam Owen Ryan Dan Eli Hugo Ivan
Jake Kai Liam Mark Nick Oscar Paul Pete Ray Seth Theo Will Zack Bob Carl Dave Fred Gus Hank
Joe Ned Otto Rob""".split()

# name: (plural, sound or None, home phrase, food, legs, moves, size 0..9, baby name or None)
ANIMALS = {
    "cat": ("cats", "meow", "in a house", "fish", 4, ["run", "jump", "climb"], 2, "kitten"),
    "dog": ("dogs", "woof", "in a house", "meat", 4, ["run", "jump", "swim"], 3, "puppy"),
    "cow": ("cows", "moo", "on a farm", "grass", 4, ["walk", "run"], 6, "calf"),
    "duck": ("ducks", "quack", "on a pond", "seeds", 2, ["swim", "fly", "walk"], 2, "duckling"),
    "pig": ("pigs", "oink", "on a farm", "corn", 4, ["walk", "run"], 4, "piglet"),
    "sheep": ("sheep", "baa", "on a farm", "grass", 4, ["walk", "run"], 4, "lamb"),
    "horse": ("horses", "neigh", "on a farm", "hay", 4, ["run", "jump", "walk"], 6, "foal"),
    "bird": ("birds", "tweet", "in a nest", "seeds", 2, ["fly", "hop"], 1, "chick"),
    "frog": ("frogs", "ribbit", "near a pond", "bugs", 4, ["jump", "swim"], 1, "tadpole"),
    "fish": ("fish", None, "in the water", "small plants", 0, ["swim"], 1, None),
    "owl": ("owls", "hoot", "in a tree", "mice", 2, ["fly"], 2, "owlet"),
    "bee": ("bees", "buzz", "in a hive", "nectar from flowers", 6, ["fly"], 0, None),
    "lion": ("lions", "roar", "in the wild", "meat", 4, ["run", "jump"], 6, "cub"),
    "mouse": ("mice", "squeak", "in a small hole", "cheese", 4, ["run", "climb"], 1, None),
    "bear": ("bears", "growl", "in the forest", "berries and fish", 4, ["walk", "climb", "swim"], 7, "cub"),
    "rabbit": ("rabbits", None, "in a burrow", "carrots", 4, ["hop", "run"], 2, "bunny"),
    "spider": ("spiders", None, "in a web", "bugs", 8, ["climb"], 0, None),
    "monkey": ("monkeys", None, "in the trees", "bananas", 4, ["climb", "jump"], 3, None),
    "elephant": ("elephants", None, "in the wild", "leaves and grass", 4, ["walk"], 9, "calf"),
    "snake": ("snakes", "hiss", "in the grass", "mice", 0, ["slide", "swim"], 2, None),
    "hen": ("hens", "cluck", "on a farm", "seeds", 2, ["walk"], 2, "chick"),
    "turtle": ("turtles", None, "near the water", "leaves", 4, ["swim", "walk"], 2, None),
    "fox": ("foxes", None, "in the forest", "berries and mice", 4, ["run", "jump"], 3, "cub"),
    "goat": ("goats", "baa", "on a farm", "grass", 4, ["climb", "jump"], 4, "kid"),
    "squirrel": ("squirrels", None, "in a tree", "nuts", 4, ["climb", "jump"], 1, None),
}
ALL_MOVES = ["run", "jump", "climb", "swim", "fly", "walk", "hop"]

# thing: (color, "is" or "are")
COLORS_OF = {
    "the sky": "blue", "grass": "green", "snow": "white", "the sun": "yellow", "a banana": "yellow",
    "a strawberry": "red", "a carrot": "orange", "an orange": "orange", "a leaf": "green",
    "a cloud": "white", "milk": "white", "chocolate": "brown", "a tomato": "red", "a lemon": "yellow",
    "a grape": "purple", "a frog": "green", "a pig": "pink", "coal": "black", "the sea": "blue",
    "a cherry": "red", "corn": "yellow", "a crow": "black", "a pumpkin": "orange", "an egg yolk": "yellow",
    "the night sky": "dark", "a fire truck": "red", "a lime": "green", "a polar bear": "white",
}
COLORS = "red blue green yellow orange purple pink brown black white gray".split()

OPPOSITES = [("big", "small"), ("hot", "cold"), ("up", "down"), ("day", "night"), ("happy", "sad"),
             ("fast", "slow"), ("tall", "short"), ("open", "closed"), ("wet", "dry"), ("light", "dark"),
             ("full", "empty"), ("loud", "quiet"), ("hard", "soft"), ("in", "out"), ("yes", "no"),
             ("good", "bad"), ("left", "right"), ("first", "last"), ("early", "late"), ("old", "new"),
             ("clean", "dirty"), ("near", "far"), ("push", "pull"), ("high", "low"), ("thick", "thin")]

NUM_WORDS = ("zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
             "fifteen sixteen seventeen eighteen nineteen twenty").split()

DAYS = "Monday Tuesday Wednesday Thursday Friday Saturday Sunday".split()
MONTHS = ("January February March April May June July August September October November "
          "December").split()
SEASONS = ["spring", "summer", "autumn", "winter"]
SEASON_LIKE = {
    "spring": "In spring, flowers grow and the days get warmer.",
    "summer": "In summer, it is hot and sunny, and many people go to the beach.",
    "autumn": "In autumn, the leaves turn red and yellow and fall from the trees.",
    "winter": "In winter, it is cold, and sometimes it snows.",
}
SHAPES = {"triangle": 3, "square": 4, "rectangle": 4, "pentagon": 5, "hexagon": 6, "octagon": 8}

# things the sun/moon/body questions; (question, answer)
SIMPLE_FACTS = [
    ("When do we sleep?", "We sleep at night, when it is dark."),
    ("When do we eat breakfast?", "We eat breakfast in the morning."),
    ("Where does the sun rise?", "The sun rises in the east."),
    ("What do plants need to grow?", "Plants need water, sun and soil to grow."),
    ("What falls from the sky when it rains?", "Water falls from the sky when it rains."),
    ("What is ice?", "Ice is water that is very cold and hard."),
    ("Why do we wear a coat?", "We wear a coat to stay warm when it is cold."),
    ("What do we use an umbrella for?", "We use an umbrella to stay dry in the rain."),
    ("What do bees make?", "Bees make honey."),
    ("What do we see at night?", "At night we can see the moon and the stars."),
    ("How many hours are in a day?", "There are 24 hours in a day."),
    ("How many days are in a week?", "There are seven days in a week."),
    ("How many months are in a year?", "There are twelve months in a year."),
    ("How many seasons are there?", "There are four seasons: spring, summer, autumn and winter."),
    ("What do we use to see?", "We use our eyes to see."),
    ("What do we use to hear?", "We use our ears to hear."),
    ("What do we use to smell?", "We use our nose to smell."),
    ("How many fingers are on one hand?", "There are five fingers on one hand."),
    ("What do cows give us?", "Cows give us milk."),
    ("What do hens give us?", "Hens give us eggs."),
    ("Where do fish live?", "Fish live in the water."),
    ("Is the sun hot?", "Yes, the sun is very hot."),
    ("Is ice cream cold?", "Yes, ice cream is cold and sweet."),
    ("What do we wear on our feet?", "We wear shoes and socks on our feet."),
    ("What do we wear on our head?", "We wear a hat on our head."),
    ("What do we use to write?", "We write with a pen or a pencil."),
    ("What do we drink when we are thirsty?", "When we are thirsty, we drink water."),
    ("What is a baby?", "A baby is a very young child."),
    ("What is a library?", "A library is a place with many books that you can read."),
    ("What do you do at school?", "At school, children learn to read, write and count."),
    ("What does a doctor do?", "A doctor helps sick people get better."),
    ("What does a farmer do?", "A farmer grows food and takes care of animals."),
    ("What does a baker do?", "A baker makes bread and cakes."),
    ("What does a teacher do?", "A teacher helps children learn."),
    ("Why do we brush our teeth?", "We brush our teeth to keep them clean and strong."),
    ("Why do we wash our hands?", "We wash our hands to keep them clean."),
]

ADJ_PERSON = "little kind brave happy curious funny shy clever small gentle friendly cheerful".split()
ADJ_THING = "big small shiny soft old new round tiny pretty bright".split()
FEELINGS = "happy sad scared excited tired proud surprised worried calm glad".split()
GOOD_FEELINGS = "happy excited proud glad".split()

# toy/object: usable as "a/an X", with a few places it can hide
TOYS = ["ball", "kite", "doll", "teddy bear", "toy car", "toy train", "boat", "drum", "book", "hat",
        "box", "balloon", "robot", "puzzle", "truck", "blanket", "shell", "crayon", "bike", "scarf"]
HIDING = ["under the bed", "behind the door", "in the garden", "under the table", "in the toy box",
          "behind the sofa", "near the tree", "in the kitchen", "under a big leaf", "in the sand",
          "next to the window", "in the basket", "on the shelf", "under a pile of clothes"]
PLACES = ["park", "garden", "forest", "beach", "farm", "river", "hill", "lake", "zoo", "market",
          "library", "playground", "meadow", "pond", "school", "town", "shop", "field"]
PLACE_SIGHTS = {
    "park": ["a big slide", "green trees", "a little pond", "many swings", "happy dogs"],
    "garden": ["red flowers", "tall sunflowers", "a busy bee", "a small worm", "ripe tomatoes"],
    "forest": ["tall trees", "a little fox", "a quiet owl", "soft moss", "a long path"],
    "beach": ["warm sand", "big waves", "pretty shells", "a small crab", "white birds"],
    "farm": ["a big red barn", "a brown cow", "pink pigs", "a noisy hen", "a tractor"],
    "river": ["fast water", "smooth stones", "a green frog", "a small boat", "a wooden bridge"],
    "hill": ["a windy top", "yellow flowers", "white sheep", "a long view", "soft grass"],
    "lake": ["blue water", "white ducks", "a little dock", "a fishing boat", "tall reeds"],
    "zoo": ["a tall giraffe", "a big lion", "funny monkeys", "a gray elephant", "colorful birds"],
    "market": ["fresh bread", "red apples", "many people", "a flower stand", "sweet cakes"],
    "library": ["many books", "a quiet room", "soft chairs", "a kind helper", "picture books"],
    "playground": ["a red slide", "a sand box", "a tall climbing frame", "two swings", "a seesaw"],
    "meadow": ["wild flowers", "a butterfly", "tall grass", "a little rabbit", "a buzzing bee"],
    "pond": ["a green frog", "lily pads", "a duck family", "little fish", "a dragonfly"],
    "school": ["a big classroom", "colorful pictures", "a friendly teacher", "many desks", "a bell"],
    "town": ["busy streets", "a tall clock", "a bakery", "a red bus", "a fountain"],
    "shop": ["shiny toys", "sweet candy", "fresh fruit", "warm bread", "new shoes"],
    "field": ["tall corn", "a scarecrow", "a blue tractor", "golden wheat", "a crow"],
}
FOODS = ["an apple", "a sandwich", "a cookie", "some soup", "a piece of cake", "some bread",
         "a banana", "some grapes", "a bowl of rice", "a pear", "some cheese", "a muffin"]
WEATHER = ["sunny", "rainy", "windy", "snowy", "cloudy", "warm", "cold"]
DAYTIME = ["morning", "afternoon", "evening", "day"]
RELATIVES = [("mom", "she"), ("dad", "he"), ("grandma", "she"), ("grandpa", "he"),
             ("big sister", "she"), ("big brother", "he")]

# activities: verb phrase in base form; {pos} is replaced by his/her/its
ACTIVITIES = ["play with {pos} ball", "read books", "draw pictures", "sing songs", "run in the grass",
              "build tall towers", "look at the stars", "dance", "jump in puddles", "climb trees",
              "fly {pos} kite", "ride {pos} bike", "paint with bright colors", "bake cookies",
              "pick flowers", "collect shells", "play hide and seek", "feed the ducks", "swim in the lake",
              "watch the clouds", "make sand castles", "plant seeds", "count the birds", "play the drum"]

PAST = {"play": "played", "read": "read", "draw": "drew", "sing": "sang", "run": "ran",
        "build": "built", "look": "looked", "dance": "danced", "jump": "jumped", "climb": "climbed",
        "fly": "flew", "ride": "rode", "paint": "painted", "bake": "baked", "pick": "picked",
        "collect": "collected", "feed": "fed", "swim": "swam", "watch": "watched", "make": "made",
        "plant": "planted", "count": "counted", "walk": "walked", "hop": "hopped", "slide": "slid",
        "find": "found", "see": "saw", "go": "went", "eat": "ate", "help": "helped", "say": "said"}
ING = {"run": "running", "swim": "swimming", "hop": "hopping", "dance": "dancing", "ride": "riding",
       "bake": "baking", "make": "making", "slide": "sliding"}


def past(phrase: str) -> str:
    v, _, rest = phrase.partition(" ")
    p = PAST.get(v, v + "ed")
    return p + (" " + rest if rest else "")


def ing(phrase: str) -> str:
    v, _, rest = phrase.partition(" ")
    p = ING.get(v, v + "ing")
    return p + (" " + rest if rest else "")


def article(word: str) -> str:
    return ("an " if word[0].lower() in "aeiou" else "a ") + word
