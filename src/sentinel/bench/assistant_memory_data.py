"""The memory-retrieval benchmark's built-in dataset, written for Sentinel.

One person's memory vault (Maya Ferreira, who lives in Lisbon), in the spirit of LongMemEval:
facts said once, facts later superseded (the answer is the newer memory), events with dates
(temporal questions), and preferences asked about in other words. Around the answers sit
near-miss memories on the same topics and a log of everyday entries, as a real vault has.

Each question names the key(s) of the memory that answers it. Every third question is in the
``dev`` split (look at these while developing), the others in ``test`` (report these).
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import product
from typing import Literal

Kind = Literal["fact", "update", "temporal", "preference"]


@dataclass(frozen=True, slots=True)
class BenchMemory:
    """One memory of the vault."""

    key: str
    text: str


@dataclass(frozen=True, slots=True)
class BenchQuestion:
    """A question, its kind, the memories that answer it and its split."""

    text: str
    kind: Kind
    answers: tuple[str, ...]
    split: Literal["dev", "test"]


# (key, text) of the memories that answer questions, and their near misses.
_CORE: tuple[tuple[str, str], ...] = (
    # -- facts ---------------------------------------------------------------------------
    ("dentist", "My dentist is Dr. Okafor, her clinic is on Rua Augusta 120."),
    ("gp", "My family doctor is Dr. Sousa at the Estrela health centre."),
    ("sister", "My sister Ana lives in Porto with her husband Rui."),
    ("brother", "My brother Tiago is studying architecture in Coimbra."),
    ("ana_bday", "Ana's birthday is on 14 May."),
    ("mum_bday", "Mum's birthday is on 2 November; she turns 65 this year."),
    ("blood", "My blood type is O negative."),
    ("allergy", "I am allergic to penicillin; it gave me hives as a child."),
    ("car", "My car is a grey 2019 Renault Clio, plate 45-XZ-12."),
    ("car_service", "The Clio goes to the Auto Central garage in Alcântara for servicing."),
    ("wifi", "The home wifi network is called FerreiraNet and the router is in the hallway."),
    ("landlord", "Our landlord is Mr. Pinto; rent is paid on the 8th of every month."),
    ("passport", "My passport number ends in 4471 and it expires in October 2029."),
    ("bank", "My main bank account is at Banco Atlântico; the branch is in Saldanha."),
    ("cat", "Our cat is called Miso, a ginger tabby adopted in 2022."),
    ("cat_vet", "Miso's vet is Clínica Veterinária do Rato; she needs a yearly vaccine."),
    ("neighbour", "The neighbour in 3B, Dona Graça, keeps our spare key."),
    ("gym", "I go to the Fitness Hut in Campo de Ourique, locker number 212."),
    ("insurance", "Home insurance is with Fidelidade, policy number H-558201."),
    ("plant", "The fiddle-leaf fig in the living room needs water every ten days."),
    ("boss", "My manager is Helena Costa; we have one-to-ones on Thursday mornings."),
    ("partner", "My partner Jonas is German and works as a sound engineer."),
    ("jonas_allergy", "Jonas cannot eat shellfish; he is severely allergic to prawns."),
    # -- updates (old then new) -----------------------------------------------------------
    ("job_old", "I work at Lumen Labs as a data analyst."),
    ("job_new", "I left Lumen Labs and started a new job at Harbor Health as a product manager."),
    ("phone_old", "My phone number is +351 912 000 111."),
    ("phone_new", "I changed my phone number; the new one is +351 936 555 204."),
    ("address_old", "We live at Rua da Esperança 14, 2nd floor, in Santos."),
    ("address_new", "We moved flats: the new address is Avenida Almirante Reis 88, 5th floor."),
    ("coffee_old", "I drink two espressos every morning."),
    ("coffee_new", "I quit coffee in January; now I only drink green tea in the mornings."),
    ("bike_old", "I commute to work by bus, line 728."),
    ("bike_new", "Since spring I cycle to work on my new e-bike instead of taking the bus."),
    ("lang_old", "I am learning Italian on Tuesday evenings."),
    ("lang_new", "I dropped Italian and now take German lessons on Wednesday evenings."),
    ("diet_old", "I eat meat a few times a week."),
    ("diet_new", "I became vegetarian this year; no meat or fish any more."),
    ("team_old", "At work I am on the onboarding squad."),
    ("team_new", "I switched teams at Harbor Health: I now lead the billing squad."),
    ("car_old_plan", "We plan to sell the Clio next year."),
    ("car_new_plan", "We decided to keep the Clio after all; it is cheap to run."),
    ("gym_old_time", "I train at the gym on Monday and Friday mornings."),
    ("gym_new_time", "I moved my gym sessions to Tuesday and Thursday evenings."),
    # -- temporal ---------------------------------------------------------------------
    ("half_marathon", "On 16 March 2025 I ran the Lisbon half marathon in 1 hour 52 minutes."),
    ("porto_trip", "In August 2025 Jonas and I spent a week in Porto visiting Ana."),
    ("wedding", "Rui and Ana's wedding was on 21 June 2024 in Braga."),
    ("surgery", "I had my wisdom teeth removed on 3 February 2025."),
    ("promotion", "I was promoted to senior analyst in October 2024."),
    ("concert", "We saw Rosalía live at the Altice Arena on 9 November 2025."),
    ("moved_in", "Jonas moved in with me in April 2023."),
    ("cat_adopt", "We adopted Miso from the shelter in September 2022."),
    ("madeira", "Our Madeira hiking holiday was in the first week of May 2025."),
    ("course", "I finished the online SQL course in December 2024."),
    ("flu", "I was off sick with the flu for a week in January 2026."),
    ("laptop", "I bought my current laptop, a ThinkPad X1, in July 2025."),
    # -- preferences ------------------------------------------------------------------
    ("seat", "On planes I always want an aisle seat, never the window."),
    ("spicy", "I can't stand spicy food; chilli ruins a dish for me."),
    ("meetings", "I prefer meetings before lunch; afternoons are for focused work."),
    ("music_focus", "When I concentrate I listen to instrumental jazz, never music with lyrics."),
    ("hotel", "In hotels I ask for a quiet room away from the lift."),
    ("gift", "For presents I like books or experiences, not gadgets or clothes."),
    ("reminders", "Send me reminders by email, not by text message."),
    ("movies", "My favourite films are slow science fiction like Arrival and Solaris."),
    ("cold", "I hate the cold; I would rather holiday somewhere warm."),
    ("tea", "I take my tea without sugar and with a slice of lemon."),
    ("news", "I like a short news summary in the morning, five bullet points at most."),
    ("ferry", "I get seasick easily, so I avoid boats and ferries."),
    # -- near misses (same topics, answer nothing) ----------------------------------------
    ("nm_dentist", "Jonas's dentist is in Benfica; he goes twice a year."),
    ("nm_ana", "Ana and Rui are thinking about getting a dog."),
    ("nm_car", "The rental car in Madeira was a white Fiat Panda."),
    ("nm_phone", "Mum still uses her old Nokia phone."),
    ("nm_job", "Jonas's studio is recording a podcast series this autumn."),
    ("nm_coffee", "The café downstairs sells good pastéis de nata."),
    ("nm_gym", "The gym offers a free yoga class on Sundays."),
    ("nm_race", "Jonas wants to run the Porto marathon one day."),
    ("nm_concert", "Tickets for concerts at the Coliseu sell out fast."),
    ("nm_flight", "TAP flights to Porto leave every hour from Lisbon."),
    ("nm_birthday", "Tiago's birthday party was at a bowling alley."),
    ("nm_hotel", "The hotel in Funchal had a rooftop pool."),
    ("nm_food", "Jonas loves spicy Thai curries."),
    ("nm_diet", "Ana is trying a low-carb diet."),
    ("nm_lang", "Jonas speaks German, English and a little Portuguese."),
    ("nm_cat", "The neighbour's dog barks at Miso from the balcony."),
    ("nm_laptop", "The office gave me a MacBook for work use only."),
    ("nm_bank", "Jonas banks with an online bank in Berlin."),
    ("nm_rent", "Rents in Lisbon went up a lot this year."),
    ("nm_insurance", "Car insurance renewal letters come in March."),
    ("nm_music", "Jonas mixes albums for indie bands at the studio."),
    ("nm_tea", "Mum drinks black tea with milk, the English way."),
    ("nm_boat", "The ferry to Cacilhas leaves from Cais do Sodré."),
    ("nm_weather", "Lisbon winters are mild but very rainy."),
)

_QUESTIONS: tuple[tuple[str, Kind, tuple[str, ...]], ...] = (
    ("Who is my dentist?", "fact", ("dentist",)),
    ("Which doctor should I call when I'm ill?", "fact", ("gp",)),
    ("Where does my sister live?", "fact", ("sister",)),
    ("What does my brother study?", "fact", ("brother",)),
    ("When is Ana's birthday?", "fact", ("ana_bday",)),
    ("What's my blood type?", "fact", ("blood",)),
    ("Which antibiotic must doctors never give me?", "fact", ("allergy",)),
    ("What is the licence plate of my car?", "fact", ("car",)),
    ("Where do I take the car for maintenance?", "fact", ("car_service",)),
    ("Who has a copy of our house key?", "fact", ("neighbour",)),
    ("When is the rent due?", "fact", ("landlord",)),
    ("When does my passport expire?", "fact", ("passport",)),
    ("What is the name of our pet?", "fact", ("cat",)),
    ("Where do we take Miso for her vaccinations?", "fact", ("cat_vet",)),
    ("What's my locker number at the gym?", "fact", ("gym",)),
    ("How often should I water the big plant in the living room?", "fact", ("plant",)),
    ("Who is my boss?", "fact", ("boss",)),
    ("What food is dangerous for Jonas?", "fact", ("jonas_allergy",)),
    ("What is my home insurance policy number?", "fact", ("insurance",)),
    ("What does my partner do for a living?", "fact", ("partner",)),
    ("Where do I work now?", "update", ("job_new",)),
    ("What is my current phone number?", "update", ("phone_new",)),
    ("What is our home address?", "update", ("address_new",)),
    ("What do I drink in the morning these days?", "update", ("coffee_new",)),
    ("How do I get to work now?", "update", ("bike_new",)),
    ("Which language am I learning at the moment?", "update", ("lang_new",)),
    ("Can I have a steak for dinner?", "update", ("diet_new",)),
    ("Which team do I lead at work?", "update", ("team_new",)),
    ("Are we still selling the Clio?", "update", ("car_new_plan",)),
    ("When do I go to the gym now?", "update", ("gym_new_time",)),
    ("What race did I run in March 2025?", "temporal", ("half_marathon",)),
    ("What did we do in the summer of 2025?", "temporal", ("porto_trip",)),
    ("When did Ana get married?", "temporal", ("wedding",)),
    ("What medical procedure did I have in early 2025?", "temporal", ("surgery",)),
    ("When was I promoted?", "temporal", ("promotion",)),
    ("Which concert did we go to in November 2025?", "temporal", ("concert",)),
    ("Since when have Jonas and I lived together?", "temporal", ("moved_in",)),
    ("How long have we had the cat?", "temporal", ("cat_adopt",)),
    ("Where did we go on holiday in May 2025?", "temporal", ("madeira",)),
    ("When did I complete my SQL training?", "temporal", ("course",)),
    ("When was I last off work sick?", "temporal", ("flu",)),
    ("How old is my laptop?", "temporal", ("laptop",)),
    ("Which seat should you book for me on a flight?", "preference", ("seat",)),
    ("Should I order the vindaloo at the Indian restaurant?", "preference", ("spicy",)),
    ("What time of day should my meetings be scheduled?", "preference", ("meetings",)),
    ("Put on some background music so I can work.", "preference", ("music_focus",)),
    ("What kind of room should I request at the hotel?", "preference", ("hotel",)),
    ("What would be a good birthday present for me?", "preference", ("gift",)),
    ("How should you notify me about my appointments?", "preference", ("reminders",)),
    ("Recommend a movie I would enjoy tonight.", "preference", ("movies",)),
    ("Should we book a ski trip to the Alps in January?", "preference", ("cold",)),
    ("How do I like my tea?", "preference", ("tea",)),
    ("How long should my morning news briefing be?", "preference", ("news",)),
    ("Would I enjoy a whale-watching boat tour?", "preference", ("ferry",)),
    ("Who keeps our spare key and where does she live?", "fact", ("neighbour",)),
    ("Which bank do I use?", "fact", ("bank",)),
    ("What's the wifi called at home?", "fact", ("wifi",)),
    ("When did my sister's wedding take place?", "temporal", ("wedding",)),
    ("Which drink did I give up this year?", "update", ("coffee_new",)),
    ("Which evening is my language class on now?", "update", ("lang_new",)),
)

# The everyday log around them: dated entries a vault accumulates.
_ERRANDS = (
    "bought groceries at Pingo Doce",
    "paid the electricity bill",
    "picked up a parcel at the post office",
    "took the recycling down",
    "booked a haircut at the barber on Rua da Rosa",
    "returned library books",
    "cleaned the bathroom",
    "renewed the metro card",
    "called the plumber about the kitchen tap",
    "ordered printer ink online",
)
_DAYS = (
    "3 January",
    "17 February",
    "9 April",
    "28 June",
    "12 September",
    "30 October",
    "5 December",
    "21 December",
)
_NOTES = (
    "Idea for the blog: a post about walking routes along the river.",
    "The podcast episode about sleep science was worth listening to.",
    "Remember that the kitchen light switch is wired backwards.",
    "The printer only works when connected with the USB cable.",
    "Read 'The Overstory' for the book club; the discussion is next month.",
    "A good bakery for sourdough is Gleba in Alcântara.",
    "Tip from a colleague: use keyboard shortcuts in the spreadsheet tool.",
    "The balcony door sticks when it rains.",
    "Try the new ramen place near Intendente some time.",
    "The recycling bins for glass are at the end of the street.",
    "Board game night ideas: Codenames, Azul, Ticket to Ride.",
    "The museum of tiles is free on Sunday mornings.",
    "The washing machine needs the descaling programme monthly.",
    "There is a farmers market in Príncipe Real on Saturdays.",
    "The cinema at Monumental shows films in original version.",
    "Password manager: the family vault is shared with Jonas.",
    "Photo backup runs to the external drive every Sunday.",
    "The tram 28 is always packed with tourists after 10 am.",
    "A colleague recommended the documentary 'My Octopus Teacher'.",
    "Our building's lift is being repaired until the end of the month.",
    "The local pharmacy is open until midnight on weekdays.",
    "The streaming subscription renews on the 20th.",
    "Jonas's parents visit from Hamburg every Christmas.",
    "Bring the reusable bags when shopping.",
    "The hallway lamp needs a new E14 bulb.",
    "The dishwasher tablets are under the sink.",
    "I want to learn to make proper risotto.",
    "Good running route: from Belém to Cais do Sodré along the river.",
    "The library in Campo de Ourique has a quiet reading room.",
    "Mum's favourite flowers are white tulips.",
)


def memories() -> tuple[BenchMemory, ...]:
    """Every memory of the vault: the core facts, then the everyday log and notes."""
    core = [BenchMemory(key, text) for key, text in _CORE]
    log = [
        BenchMemory(f"log_{i}", f"On {day} I {errand}.")
        for i, (errand, day) in enumerate(product(_ERRANDS, _DAYS))
    ]
    notes = [BenchMemory(f"note_{i}", text) for i, text in enumerate(_NOTES)]
    return tuple(core + log + notes)


def questions() -> tuple[BenchQuestion, ...]:
    """Every question; every third one (from the first) is ``dev``, the others ``test``."""
    return tuple(
        BenchQuestion(text, kind, answers, "dev" if i % 3 == 0 else "test")
        for i, (text, kind, answers) in enumerate(_QUESTIONS)
    )
