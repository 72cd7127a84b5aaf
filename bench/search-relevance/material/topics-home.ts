import type { Topic } from './types';

/** Judged topics: school, repairs, travel, books, music, pets, first aid, home, tech, hobbies. */
export const HOME_TOPICS: Topic[] = [
  {
    id: 'times-tables',
    domain: 'school',
    relevant: [
      {
        grade: 2,
        title: 'Helping with times tables at home',
        content:
          'Our Year 4 has the multiplication check in June, so we made it a game: two minutes of flash cards at breakfast, chanting the 6s, 7s and 8s in the car, and Times Tables Rock Stars on the tablet three evenings a week.\n\nLearn the tricky ones as facts (7 x 8 = 56), use the swap trick (3 x 7 is 7 x 3), and praise speed only once accuracy is there.',
      },
    ],
    distractors: [
      {
        title: 'Table tennis club on Tuesday evenings',
        content:
          'Two tables in the community centre, all ages welcome, bats provided. £2 a session towards the new nets.',
      },
    ],
    question: 'How can I help my child learn their times tables?',
    keywords: 'times tables practice',
    paraphrase: "my lad of eight can't memorise his sums, any tips for arithmetic drills",
    exclusive: ['multiplication', 'times table'],
  },
  {
    id: 'fussy-lunchbox',
    domain: 'school',
    relevant: [
      {
        grade: 2,
        title: 'Lunchbox ideas for a fussy eater',
        content:
          "My daughter brings most of her lunch home untouched. What's working now:\n\n- she chooses between two options the night before\n- a bento box with small compartments (cheese cubes, cucumber sticks, crackers, grapes cut lengthways)\n- pinwheel wraps instead of sandwiches\n- one familiar safe food in every box\n\nKeep new foods tiny and don't comment on what comes back.",
      },
    ],
    distractors: [
      {
        title: 'School dinners go up to £2.90 from January',
        content:
          'The letter came home today. Free school meals are unchanged for infants. You can top up the account online or at the office.',
      },
    ],
    question: 'What can I pack in a lunchbox for a child who is a picky eater?',
    keywords: 'lunchbox ideas fussy eater',
    paraphrase: 'our youngest rejects the noon meal in class: inspiration please',
    exclusive: ['lunchbox', 'bento', 'fussy', 'picky'],
  },
  {
    id: 'bullying',
    domain: 'school',
    relevant: [
      {
        grade: 2,
        title: 'Our son was being bullied: what the school did and what helped at home',
        content:
          'He stopped wanting to go in and his bag came home torn. We wrote down dates and what happened, then asked for a meeting with his teacher and the head, not just a chat at the gate.\n\nThe school followed its anti-bullying policy: a named adult he can go to, separate seating at lunch, and a weekly check-in with us. At home we listened without promising secrecy, and he joined the chess club to make new friends.',
      },
    ],
    distractors: [
      {
        title: 'Anti-bullying week: odd socks day on Monday',
        content:
          'Children can wear odd socks to school on Monday to celebrate what makes us different. No donation needed.',
      },
    ],
    question: 'What should I do if my child is being bullied at school?',
    keywords: 'bullying school',
    paraphrase: "classmates are tormenting my kid and he's miserable, how should parents respond",
    exclusive: ['bully', 'bullied', 'bullying'],
  },
  {
    id: 'dripping-tap',
    domain: 'repairs',
    relevant: [
      {
        grade: 2,
        title: 'Fixing a dripping tap: it was just the washer',
        content:
          'Kitchen tap dripping for weeks. Turn off the isolation valve under the sink (or the stopcock), open the tap to drain it, prise off the cap and undo the headgear nut with an adjustable spanner.\n\nThe rubber washer at the bottom was split; a pack of assorted washers cost £3. For modern ceramic disc taps, replace the whole cartridge instead. Twenty minutes, no plumber.',
      },
    ],
    distractors: [
      {
        title: 'Hosepipe ban from Friday',
        content:
          'The water company has announced a hosepipe ban for the whole county. Watering cans from the outside tap are still allowed, so the allotment rota carries on.',
      },
    ],
    question: 'How do I fix a tap that keeps dripping?',
    keywords: 'dripping tap washer',
    paraphrase: 'leaky faucet plinking all night, can I mend it myself',
    exclusive: ['washer', 'headgear', 'stopcock', 'drip'],
  },
  {
    id: 'bleed-radiator',
    domain: 'repairs',
    relevant: [
      {
        grade: 2,
        title: 'Radiator cold at the top? Bleed it',
        content:
          'If a radiator is warm at the bottom and cold at the top, there is air trapped in it. With the heating off and cool, put a radiator key on the square valve at the top corner, hold a cloth under it and turn a quarter turn anticlockwise until the hissing stops and water dribbles out.\n\nClose it, then check the boiler pressure gauge: top it back up to about 1.5 bar if it dropped.',
      },
      {
        grade: 1,
        title: 'Boiler pressure keeps dropping after bleeding the radiators',
        content:
          'Normal after bleeding: you let water out, so refill with the filling loop under the boiler until the gauge reads 1 to 1.5 bar. If it keeps falling every week there is a leak somewhere or the expansion vessel needs recharging; that is a job for a Gas Safe engineer.',
      },
    ],
    distractors: [
      {
        title: 'Car radiator leaking coolant',
        content:
          'Green puddle under the minibus after the away game. The garage says the radiator hose clip had perished; replaced it for £25. Check your coolant level before long trips.',
      },
    ],
    question: 'Why is my radiator cold at the top and how do I fix it?',
    keywords: 'bleed radiator',
    paraphrase: 'the metal panels under our windows stay tepid and the pipework gurgles',
    exclusive: ['radiator', 'bleed'],
  },
  {
    id: 'cheap-train',
    domain: 'travel',
    relevant: [
      {
        grade: 2,
        title: 'Saving money on train tickets for the family',
        content:
          'We went to Edinburgh for half the walk-up fare. Tricks:\n\n- a Family & Friends Railcard (a third off adults, 60% off kids) pays for itself in one trip\n- book Advance tickets about 12 weeks ahead, when they are released\n- try split ticketing sites, which buy the same journey as several cheaper segments\n- travel off-peak\n\nSitting in first class at weekends is sometimes only a few pounds more.',
      },
    ],
    distractors: [
      {
        title: 'Rail strike on Tuesday: match moved to Wednesday',
        content:
          'With no trains running, the away side cannot get here, so the league agreed to move the fixture. Same kick-off time.',
      },
    ],
    question: 'How can we get cheaper train tickets for a family trip?',
    keywords: 'cheap train tickets railcard',
    paraphrase: 'how do parents with little ones spend less when riding intercity services',
    exclusive: ['railcard', 'split ticket', 'off-peak'],
  },
  {
    id: 'jet-lag',
    domain: 'travel',
    relevant: [
      {
        grade: 2,
        title: 'Beating jet lag after the flight to Australia',
        content:
          'Long-haul east is the worst. What helped us: shift bedtime an hour a day for three days before leaving, set watches to destination time on boarding, drink water not wine on the plane, and on arrival get outside in daylight and stay up until at least 9pm local time.\n\nA 20-minute nap is fine, three hours is not. Took about four days to feel normal.',
      },
      {
        grade: 2,
        title: 'Jet lag with kids after Florida',
        content:
          'Flying home overnight wrecked the children for a week. Next time: keep them awake on the day we land, big breakfast, a long walk in the morning light, and bedtime no earlier than 7. Melatonin is prescription-only here, so ask the GP before travelling.',
      },
    ],
    distractors: [
      {
        title: 'Flight times for the choir tour',
        content:
          'We leave Manchester at 06:40 on the 14th and land in Prague at 09:55 local. Please be at the airport two hours before. Hand luggage only.',
      },
    ],
    question: 'What are the best tips for getting over jet lag after a long flight?',
    keywords: 'jet lag tips',
    paraphrase: 'body clock scrambled after crossing several zones, how to recover quickly',
    exclusive: ['jet lag', 'jetlag', 'melatonin'],
  },
  {
    id: 'toddler-flight',
    domain: 'travel',
    relevant: [
      {
        grade: 2,
        title: 'Flying with a toddler: what got us through 9 hours',
        content:
          'Our two-year-old was an angel, mostly thanks to preparation: new small toys wrapped up and handed out one an hour, snacks in a box with compartments, a tablet with downloaded cartoons and toddler headphones, and a bottle or dummy on take-off and landing for the ears.\n\nBook a bulkhead seat, walk the aisle often, and bring a full change of clothes for you as well.',
      },
    ],
    distractors: [
      {
        title: 'Toddler group at the library moves to Thursdays',
        content: 'Songs and stories from 10 to 11, free, no booking. Buggies can go in the back room.',
      },
    ],
    question: 'Any tips for taking a toddler on a long flight?',
    keywords: 'flying with toddler',
    paraphrase: 'calming our little one on an airliner for half a day',
    exclusive: ['toddler', 'bulkhead'],
  },
  {
    id: 'ww2-novels',
    domain: 'books',
    relevant: [
      {
        grade: 2,
        title: 'Book club pick: novels set in the Second World War',
        content:
          'Our group loved these, in order of votes:\n\n1. *All the Light We Cannot See* (Anthony Doerr)\n2. *The Nightingale* (Kristin Hannah)\n3. *Suite Francaise* (Irene Nemirovsky)\n4. *Life After Life* (Kate Atkinson)\n\nThe Doerr sparked the longest discussion; the Hannah made three of us cry.',
      },
    ],
    distractors: [
      {
        title: 'War memorial clean-up on Sunday',
        content:
          'The parish council has gloves and brushes. We will weed the beds and scrub the steps before Remembrance Day.',
      },
    ],
    question: 'Can anyone recommend a good novel set during the Second World War?',
    keywords: 'second world war novel',
    paraphrase: 'fiction about the 1940s conflict for our reading circle',
    exclusive: ['nightingale', 'doerr', 'world war'],
  },
  {
    id: 'book-club-questions',
    domain: 'books',
    relevant: [
      {
        grade: 2,
        title: 'How we keep book club discussions going',
        content:
          'Our host prepares five open questions, never yes/no: which character changed most, what would you have done in their place, which scene would you cut.\n\nEveryone says one line about the ending before the debate starts, so quieter members get heard. We cap it at 90 minutes and pick the next title by rotating who chooses.',
      },
    ],
    distractors: [
      {
        title: 'Book swap at the school gate',
        content:
          'Bring a book, take a book. Crates will be out on Friday afternoon. Picture books especially welcome.',
      },
    ],
    question: 'What questions should I ask to get a good book club discussion going?',
    keywords: 'book club discussion questions',
    paraphrase: 'prompts to spark conversation among novel lovers at our monthly gathering',
    exclusive: ['discussion question'],
  },
  {
    id: 'guitar-fingers',
    domain: 'music',
    relevant: [
      {
        grade: 2,
        title: 'Sore fingertips learning guitar: normal, and it passes',
        content:
          "Week two of learning and my fingertips were throbbing. Our teacher's advice: practise little and often (15 minutes, three times a day) rather than one long session, press only as hard as needed to get a clean note, and lower the action or switch to lighter gauge strings (10s on electric, 11s on acoustic).\n\nCalluses form in about three to four weeks and then it stops hurting.",
      },
    ],
    distractors: [
      {
        title: 'Guitar for sale, barely used',
        content:
          'Full-size classical guitar with a soft case and a music stand. My son switched to drums. £60.',
      },
    ],
    question: 'Is it normal for my fingers to hurt when learning guitar?',
    keywords: 'guitar sore fingers',
    paraphrase: 'just began strumming chords and my hand aches',
    exclusive: ['callus', 'fingertip'],
  },
  {
    id: 'ukulele-tuning',
    domain: 'music',
    relevant: [
      {
        grade: 2,
        title: 'Tuning a ukulele: G C E A',
        content:
          "Standard soprano and concert ukulele tuning is G-C-E-A, with the G string higher than the C (re-entrant), which is why it sounds like 'My Dog Has Fleas'.\n\nA clip-on tuner on the headstock is the easiest way. New nylon strings stretch for a week, so expect to retune every time you pick it up at first.",
      },
    ],
    distractors: [
      {
        title: 'Ukulele group concert at the care home',
        content: 'We play at Oak Lodge on the 3rd at 2pm. Songbook B, and please wear something red.',
      },
    ],
    question: 'How do I tune a ukulele properly?',
    keywords: 'ukulele tuning',
    paraphrase: 'getting my little Hawaiian instrument in pitch',
    exclusive: ['ukulele', 'tuner', 'tuning'],
  },
  {
    id: 'choir-breathing',
    domain: 'music',
    relevant: [
      {
        grade: 2,
        title: 'Breathing exercises before choir rehearsal',
        content:
          "Our director starts every rehearsal with five minutes on breath: hiss out on 'sss' for a count of 20 keeping the ribs wide, pant like a dog to wake up the diaphragm, then lip trills up and down a fifth.\n\nIt means we can hold long phrases without gasping, and the pitch at the ends of phrases is better.",
      },
    ],
    distractors: [
      {
        title: 'Choir robes need washing before the carol service',
        content:
          'Please take yours home this week and bring it back on a hanger. Name labels are in the vestry.',
      },
    ],
    question: 'What breathing exercises help singers hold long notes in a choir?',
    keywords: 'choir breathing exercises',
    paraphrase: 'vocalists running out of air mid-song, how to build lung control',
    exclusive: ['diaphragm', 'breathing exercise'],
  },
  {
    id: 'dog-fireworks',
    domain: 'pets',
    relevant: [
      {
        grade: 2,
        title: 'Dog terrified of fireworks: what calmed ours',
        content:
          "Bonfire night used to mean Bella shaking under the table for hours. Now: walk her well before dusk, close curtains and put the TV or music on, set up a covered den with her bed in a quiet room and let her hide there, and don't force comfort but stay calm nearby.\n\nWe started playing firework sounds at low volume in September to desensitise her. The vet also prescribed a mild sedative for the worst nights.",
      },
      {
        grade: 1,
        title: 'Cats and bonfire night',
        content:
          'Keep cats indoors from late afternoon with the cat flap locked, give them somewhere high and hidden, and leave the radio on. Ours spends the evening on top of the wardrobe and comes down when it is over.',
      },
    ],
    distractors: [
      {
        title: 'Fireworks display at the football club',
        content:
          'Gates open 6pm, display at 7. Hot dogs and toffee apples from the clubhouse, proceeds to the youth section.',
      },
    ],
    question: 'How can I calm my dog down when there are fireworks?',
    keywords: 'dog fireworks anxiety',
    paraphrase: 'our puppy trembles during loud bangs in the sky each November',
    exclusive: ['firework', 'bonfire night', 'sedative'],
  },
  {
    id: 'cat-litter',
    domain: 'pets',
    relevant: [
      {
        grade: 2,
        title: 'Cat suddenly peeing outside the litter tray',
        content:
          'First rule out a medical cause: a vet found our cat had cystitis. After that, it was about the tray itself: one tray per cat plus one, scooped daily, unscented clumping litter, and placed away from food and the noisy washing machine.\n\nClean accidents with an enzyme cleaner, not bleach, or the smell draws them back.',
      },
    ],
    distractors: [
      {
        title: 'Litter pick on the beach on Saturday',
        content:
          'Grabbers and bags provided by the council. Meet at the lifeboat station at 10; children welcome with an adult.',
      },
    ],
    question: 'Why has my cat stopped using the litter tray?',
    keywords: 'cat litter tray problems',
    paraphrase: 'our kitty keeps wetting the carpet instead of going in the box',
    exclusive: ['litter', 'cystitis'],
  },
  {
    id: 'guinea-pig-heat',
    domain: 'pets',
    relevant: [
      {
        grade: 2,
        title: 'Keeping guinea pigs cool in a heatwave',
        content:
          "Guinea pigs can't sweat and struggle above 25 degrees. Move the hutch into full shade or indoors, freeze water bottles and wrap them in a towel for them to lie against, give ceramic tiles to stretch out on, and offer cucumber and extra fresh water.\n\nSigns of heatstroke: lying flat, fast breathing, drooling. Get them to a vet straight away if you see that.",
      },
    ],
    distractors: [
      {
        title: 'Guinea pig needs a new home',
        content:
          'Our neighbour is moving abroad and cannot take Pepper, a friendly two-year-old boar. Hutch and run included.',
      },
    ],
    question: 'How do I keep my guinea pigs cool during hot weather?',
    keywords: 'guinea pig heatwave',
    paraphrase: 'protecting small furry pets when the summer temperature soars',
    exclusive: ['guinea', 'heatstroke', 'heatwave'],
  },
  {
    id: 'wasp-sting',
    domain: 'first aid',
    relevant: [
      {
        grade: 2,
        title: 'Wasp sting at the picnic: first aid',
        content:
          "Wasps don't leave a sting behind, so there's nothing to scrape out. Wash the area with soap and water, hold a cold compress on it for 10 minutes, and give an antihistamine or painkiller if it's very itchy or sore.\n\nCall 999 if there's swelling of the face or throat, wheezing or dizziness: that is anaphylaxis.",
      },
      {
        grade: 1,
        title: 'Bee sting: scrape it out sideways',
        content:
          'Bees leave the sting and venom sac behind. Scrape it out with a fingernail or a bank card rather than squeezing it with fingers. Then cold compress and an antihistamine, and watch for a severe reaction over the next hour.',
      },
    ],
    distractors: [
      {
        title: 'Wasp nest in the clubhouse roof',
        content:
          'Pest control is booked for Thursday, so the changing rooms are closed until then. Use the side door.',
      },
    ],
    question: 'What should I do if my child gets stung by a wasp?',
    keywords: 'wasp sting first aid',
    paraphrase: 'yellow-and-black insect got my daughter on the arm, treatment?',
    exclusive: ['wasp', 'anaphylaxis', 'antihistamine', 'sting'],
  },
  {
    id: 'nosebleed',
    domain: 'first aid',
    relevant: [
      {
        grade: 2,
        title: 'Nosebleeds: lean forward, not back',
        content:
          "Our coach's first-aid course settled the argument: sit them down, lean forward (tipping the head back makes them swallow blood), and pinch the soft part of the nose just below the bony bridge for 10 to 15 minutes without letting go to check.\n\nSpit out blood rather than swallow. Seek help if it lasts more than 20 minutes or followed a hard blow to the head.",
      },
    ],
    distractors: [
      {
        title: 'First aid kit checklist for away games',
        content:
          'Plasters, ice packs, foil blanket, gloves, sick bags and the emergency contact sheet. Please restock after every match.',
      },
    ],
    question: 'What is the right way to stop a nosebleed?',
    keywords: 'nosebleed first aid',
    paraphrase: 'bleeding nostrils after a knock in training: how should we treat it',
    exclusive: ['nosebleed', 'nose'],
  },
  {
    id: 'draught-proofing',
    domain: 'home',
    relevant: [
      {
        grade: 2,
        title: 'Cutting our heating bill: draught-proofing weekend',
        content:
          "We did the whole house for under £60: foam strip around the doors and windows, a brush excluder on the front door, keyhole and letterbox covers, a chimney balloon in the unused fireplace, and silicone along the gaps in the skirting boards.\n\nThe rooms feel warmer at the same thermostat setting and the smart meter says we're using about 15% less gas.",
      },
    ],
    distractors: [
      {
        title: 'Boiler service reminder',
        content:
          'Our engineer has Tuesday and Friday slots left this month if anyone in the street wants to share the call-out.',
      },
    ],
    question: 'How can we reduce our heating bills by stopping draughts?',
    keywords: 'draught proofing',
    paraphrase: 'icy breezes creeping into our home in winter, cheap ways to seal it',
    exclusive: ['draught', 'excluder', 'chimney balloon'],
  },
  {
    id: 'bathroom-mould',
    domain: 'home',
    relevant: [
      {
        grade: 2,
        title: 'Black mould on the bathroom ceiling',
        content:
          "Condensation is the cause: run the extractor fan during showers and for 20 minutes after, crack the window, and squeegee the tiles.\n\nTo clean, wear gloves and a mask, spray a mould remover or diluted bleach, leave for 15 minutes and wipe. Repaint with anti-mould paint once it's completely dry. If it keeps coming back, check for a leak above.",
      },
    ],
    distractors: [
      {
        title: 'Mould on the strawberries already',
        content:
          'Grey fuzz on half the crop after all this rain. Picking them off and putting straw under the rest.',
      },
    ],
    question: 'How do I get rid of black mould in my bathroom?',
    keywords: 'bathroom mould',
    paraphrase: 'dark fungal spots spreading on the walls where we wash',
    exclusive: ['mould', 'extractor', 'squeegee'],
  },
  {
    id: 'photo-backup',
    domain: 'tech',
    relevant: [
      {
        grade: 2,
        title: 'Backing up the family photos before the phone dies',
        content:
          'After losing two years of pictures with a stolen phone, we now follow 3-2-1: three copies, two different devices, one off-site.\n\nThe phone uploads to a cloud account automatically, a monthly copy goes to an external hard drive, and Grandad keeps a second drive at his house that we swap at Christmas.',
      },
    ],
    distractors: [
      {
        title: 'Photo competition: autumn colours',
        content:
          'Entries by the 30th, one per member, printed at A4. The winner goes on the cover of the spring newsletter.',
      },
    ],
    question: "What's the best way to back up all our family photos?",
    keywords: 'backup family photos',
    paraphrase: 'making sure our snapshots and videos are never lost if a laptop breaks',
    exclusive: ['backup', 'backing up', 'hard drive', 'cloud'],
  },
  {
    id: 'parental-controls',
    domain: 'tech',
    relevant: [
      {
        grade: 2,
        title: "Setting up parental controls on the kids' tablet",
        content:
          "On the iPad: Settings, Screen Time, turn on Content & Privacy Restrictions, set a passcode the kids don't know, then limit apps by age rating and block explicit websites. Downtime from 7pm stops everything except the apps you allow.\n\nOn Android use Google Family Link. Also set the router's family filter so it covers every device on the Wi-Fi.",
      },
      {
        grade: 1,
        title: 'Screen time rules that work in our house',
        content:
          'No devices at the table or in bedrooms, chargers live in the kitchen overnight, and weekday gaming only after homework. We wrote the rules together with the children, which made arguing much rarer.',
      },
    ],
    distractors: [
      {
        title: "Parents' evening sign-up is open",
        content: 'Slots are ten minutes each on Tuesday and Thursday. Book through the school app by Friday.',
      },
    ],
    question: "How do I set up parental controls on my child's iPad?",
    keywords: 'parental controls tablet',
    paraphrase: 'shield my youngsters from unsuitable stuff on their gadget',
    exclusive: ['parental control', 'screen time', 'family link', 'ipad'],
  },
  {
    id: 'chess-opening',
    domain: 'chess',
    relevant: [
      {
        grade: 2,
        title: 'Which chess opening should beginners learn?',
        content:
          "At club we tell new juniors to start with the Italian Game (1.e4 e5 2.Nf3 Nc6 3.Bc4): it follows the principles: control the centre, develop knights before bishops, castle early.\n\nDon't memorise long lines; learn why each move is played. As Black against 1.e4, meet it with 1...e5 and the same ideas.",
      },
    ],
    distractors: [
      {
        title: "Chess club results against St Mary's",
        content:
          'We won 4-2 on the night. Great games from Aisha and Leo on the top boards. Home fixture next month.',
      },
    ],
    question: 'What is a good chess opening for a beginner to learn?',
    keywords: 'chess opening beginners',
    paraphrase: 'best first steps for a novice at our Tuesday kings-and-queens sessions',
    exclusive: ['chess', 'italian game'],
  },
  {
    id: 'dropped-stitch',
    domain: 'knitting',
    relevant: [
      {
        grade: 2,
        title: 'Fixing a dropped stitch in knitting',
        content:
          "Don't panic and don't pull the needle out. Put a locking stitch marker or safety pin through the loose loop so it can't run further.\n\nWork to that column, then use a crochet hook to ladder it back up, catching one horizontal bar per row from front to back, and slip it onto the left needle the right way round.",
      },
    ],
    distractors: [
      {
        title: 'Knitting group makes blankets for the hospital',
        content:
          'Squares of 20 cm in any colour, any yarn. We stitch them together at the library on the first Monday.',
      },
    ],
    question: 'How do I fix a dropped stitch in my knitting?',
    keywords: 'dropped stitch',
    paraphrase: 'my woolly scarf has a hole unravelling down it',
    exclusive: ['stitch', 'crochet', 'knitting'],
  },
];
