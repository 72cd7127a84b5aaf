import type { Topic } from './types';

/** Judged topics: gardening, cooking, hiking, football, cycling, camping, birds, running. */
export const OUTDOOR_TOPICS: Topic[] = [
  {
    id: 'tomato-blight',
    domain: 'gardening',
    relevant: [
      {
        grade: 2,
        title: 'Tomato blight again on the allotment: what finally worked for us',
        content:
          'Brown patches on the lower leaves, then black stems within a week: that is late blight, and the wet August made it worse.\n\nWhat worked last season:\n- pull off every affected leaf and put it in the bin, never the compost heap\n- water at the base in the morning, not over the foliage\n- space the plants wider so air moves between them\n- grow blight-resistant varieties (Crimson Crush did well for us)\n\nOnce the fruit itself is marked, pick everything and ripen it indoors.',
      },
      {
        grade: 1,
        title: 'Potato blight warning from the allotment committee',
        content:
          'The Smith Period has been reached two days running, so blight is likely on potatoes this week. If the haulms show dark blotches, cut them down to the ground and bag them, then wait two weeks before lifting the tubers so spores on the surface die off. It spreads to tomatoes too, so check greenhouses.',
      },
    ],
    distractors: [
      {
        title: 'Which tomatoes for a sunny balcony?',
        content:
          "We only have a south-facing balcony. Last year the cherry tomatoes in pots were lovely; this year I'd like to try a bigger variety. Any favourites that cope with containers and need little staking?",
      },
    ],
    question: 'How can I stop blight spreading through my tomato plants?',
    keywords: 'tomato blight',
    paraphrase: 'fungus is killing my veggie harvest, how do I rescue it',
    exclusive: ['blight', 'haulm'],
  },
  {
    id: 'slugs-hostas',
    domain: 'gardening',
    relevant: [
      {
        grade: 2,
        title: 'Slugs versus hostas: the three things that actually helped',
        content:
          'Every spring the hostas by the pond were lace by May. This year they are whole:\n\n1. Beer traps sunk level with the soil, emptied every two days.\n2. Nematodes watered in once the soil is above 5 degrees.\n3. A torch patrol after rain, picking them off into a bucket.\n\nCopper tape did nothing for us. Wool pellets helped a bit around the pots.',
      },
    ],
    distractors: [
      {
        title: 'Hosta clumps free this weekend',
        content:
          "Splitting our big hostas on Saturday, anyone want a clump? They're the blue-leaved kind, good in shade. Bring a pot or a bag.",
      },
    ],
    question: "What's the best way to keep slugs from eating my hostas?",
    keywords: 'slugs hostas',
    paraphrase: 'slimy creatures chewing holes in my shade perennials overnight',
    exclusive: ['slug', 'hosta', 'nematode'],
  },
  {
    id: 'pruning-roses',
    domain: 'gardening',
    relevant: [
      {
        grade: 2,
        title: 'When to prune roses (and how hard)',
        content:
          "Our club's rose expert says: prune bush roses in late February or early March, once the hardest frosts are over. Cut back to an outward-facing bud, about a third of the height, and take out anything dead, crossing or thinner than a pencil.\n\nClimbers are different: tie in the long canes and only shorten the side shoots after flowering.",
      },
    ],
    distractors: [
      {
        title: 'Rose petal jam from the churchyard bushes',
        content:
          'The vicar let us collect the fallen petals, and it made six jars of pink, fragrant jam. Lemon juice is what sets the colour. Selling them at the fete for the roof fund.',
      },
    ],
    question: 'When is the right time of year to prune my rose bushes?',
    keywords: 'pruning roses',
    paraphrase: 'which season to trim thorny shrubs in the garden',
    exclusive: ['prune', 'pruning', 'rose', 'roses'],
  },
  {
    id: 'sourdough-starter',
    domain: 'cooking',
    relevant: [
      {
        grade: 2,
        title: 'Sourdough starter not bubbling? Check the temperature',
        content:
          'Mine sat flat for a week. Two changes fixed it: I moved the jar next to the boiler where it sits around 24 degrees, and I switched to feeding it with half wholemeal rye.\n\nFeed 1:1:1 by weight (starter, flour, water) twice a day and discard before each feed. Grey liquid on top only means it is hungry: pour it off and feed. It is ready when it doubles within 6 hours.',
      },
    ],
    distractors: [
      {
        title: 'Bake sale: the sourdough loaves sold out in ten minutes',
        content:
          "Thank you to everyone who baked for the school fair. Jo's sourdough went first, then the lemon drizzle. We raised £412 for the library corner.",
      },
    ],
    question: "Why isn't my sourdough starter rising and what can I do about it?",
    keywords: 'sourdough starter',
    paraphrase: 'homemade wild yeast culture is lifeless, zero activity',
    exclusive: ['sourdough', 'starter'],
  },
  {
    id: 'freezing-rice',
    domain: 'cooking',
    relevant: [
      {
        grade: 2,
        title: 'Is it safe to freeze leftover cooked rice?',
        content:
          'Yes, if you are quick. Spread it on a tray so it cools within an hour, then bag it in portions and freeze. It keeps for a month. Reheat only once, until it is steaming hot all the way through.\n\nThe risk is Bacillus cereus spores that survive cooking and multiply when rice sits warm on the counter, so never leave it out overnight.',
      },
    ],
    distractors: [
      {
        title: 'Egg fried rice for 20 at scout camp',
        content:
          'Cooked rice the night before helps it fry without going mushy. Two big woks, a dozen eggs, frozen peas, spring onions and soy sauce. The patrol leaders did the chopping.',
      },
    ],
    question: 'Can you freeze cooked rice and reheat it safely later?',
    keywords: 'freeze cooked rice',
    paraphrase: "Can last night's boiled grains go in the icebox without anyone getting ill?",
    exclusive: ['bacillus', 'freeze', 'freezing', 'frozen rice'],
  },
  {
    id: 'egg-substitute',
    domain: 'cooking',
    relevant: [
      {
        grade: 2,
        title: 'Egg-free baking: aquafaba and flax eggs',
        content:
          "For my niece's allergy I've been baking without eggs for a year.\n\n- One egg = 3 tablespoons of aquafaba (the liquid from a tin of chickpeas), whipped to soft peaks for meringues and sponges.\n- For muffins and brownies, 1 tablespoon of ground flaxseed stirred into 3 tablespoons of water and left for 10 minutes works just as well.\n- Mashed banana is fine in pancakes but you will taste it.",
      },
    ],
    distractors: [
      {
        title: 'Easter egg hunt in the park on Sunday',
        content:
          'Meet at the bandstand at 10. Bring a basket; the little ones start five minutes early. There will be a non-chocolate option for children with allergies.',
      },
    ],
    question: 'What can I use instead of eggs when baking a cake?',
    keywords: 'egg substitute baking',
    paraphrase: 'plant-based swap to hold a dessert mixture together',
    exclusive: ['aquafaba', 'flax'],
  },
  {
    id: 'hiking-blisters',
    domain: 'hiking',
    relevant: [
      {
        grade: 2,
        title: 'How I stopped getting blisters on long walks',
        content:
          "After the 25 km coast path I could barely stand. What changed: merino liner socks under the thick ones, boots broken in over a month of short outings, and taping hot spots with zinc oxide tape the moment I feel them, not after.\n\nKeep toenails short. If one forms anyway, don't pop it; cover it with a hydrocolloid plaster.",
      },
    ],
    distractors: [
      {
        title: 'Boot sale at the outdoor shop',
        content:
          'Twenty per cent off walking boots this week for club members, show your card at the till. They also do free gait checks on Saturday mornings.',
      },
    ],
    question: 'How do I avoid getting blisters on my feet on a long hike?',
    keywords: 'hiking blisters',
    paraphrase: 'sore heels rubbing raw on a mountain trek, how to protect them',
    exclusive: ['blister', 'hydrocolloid', 'merino'],
  },
  {
    id: 'fog-navigation',
    domain: 'hiking',
    relevant: [
      {
        grade: 2,
        title: 'Caught in fog on the ridge: what to do next time',
        content:
          'Visibility dropped to 20 metres near the summit on Saturday. Lessons from the group:\n\n- stop and agree on a plan before moving\n- take a compass bearing from the map to a clear feature like a wall or stream and walk on it, counting paces\n- keep everyone in sight\n\nIf truly unsure, retrace your route rather than descend blind toward cliffs. Phones die in the cold, so carry a paper map.',
      },
    ],
    distractors: [
      {
        title: 'Fog on the motorway delayed the minibus',
        content:
          'Sorry to the families waiting at the school gates last night: thick fog on the M6 meant we crawled for an hour. Everyone is home safe.',
      },
    ],
    question: 'What should we do if fog comes down while we are hiking in the hills?',
    keywords: 'fog compass bearing',
    paraphrase: "mist rolls in on the mountaintop and we can't see the trail, how do we get down safely",
    exclusive: ['fog', 'compass', 'bearing'],
  },
  {
    id: 'tick-removal',
    domain: 'hiking',
    relevant: [
      {
        grade: 2,
        title: 'Tick check after every walk (Lyme disease)',
        content:
          'Three of us found ticks after the bracken walk. Remove them with a tick twister or fine tweezers: grip close to the skin and pull straight up slowly; no twisting with tweezers, no Vaseline, no burning.\n\nClean the bite and note the date. See the GP if a spreading red rash (a bullseye) or flu-like symptoms appear within a month; early antibiotics work well.',
      },
    ],
    distractors: [
      {
        title: 'Please tick the box on the trip permission slip',
        content:
          'Half the forms came back without the photo consent box ticked. Please tick yes or no so we know whether your child can appear in the newsletter.',
      },
    ],
    question: 'How do you safely remove a tick that has bitten you?',
    keywords: 'tick removal',
    paraphrase: "tiny bloodsucking bug attached to my son's leg after our ramble",
    exclusive: ['tick', 'lyme', 'tweezers'],
  },
  {
    id: 'football-boots',
    domain: 'football',
    relevant: [
      {
        grade: 2,
        title: 'Cleaning muddy football boots without wrecking them',
        content:
          "Knock off the worst mud while it's wet, then scrub with a soft brush and lukewarm soapy water. Never put them on the radiator or in the washing machine: the glue softens and the leather cracks.\n\nStuff them with newspaper, change it after a few hours, and let them dry at room temperature overnight. A bit of leather conditioner once a month keeps them supple.",
      },
    ],
    distractors: [
      {
        title: 'Boot swap for the under-9s',
        content:
          'Outgrown football boots? Bring them to the clubhouse before training on Thursday and swap them for the next size up. Shin pads welcome too.',
      },
    ],
    question: "What's the best way to clean and dry my son's football boots?",
    keywords: 'clean football boots',
    paraphrase: "kids' soccer cleats caked in dirt after the match, how to get them spotless",
    exclusive: ['newspaper', 'conditioner'],
  },
  {
    id: 'offside-rule',
    domain: 'football',
    relevant: [
      {
        grade: 2,
        title: 'Offside explained for new parents on the touchline',
        content:
          "A player is offside if, when the ball is played forward to them by a teammate, they are nearer the opponents' goal line than both the ball and the second-last defender (usually the last outfield player).\n\nIt only counts in the opponents' half, and not from a throw-in, goal kick or corner. Being level is onside. In our under-8 small-sided games there is no offside at all.",
      },
    ],
    distractors: [
      {
        title: 'Throw-in practice at Tuesday training',
        content:
          "Coach wants every player to practise long throw-ins this week: feet on the ground, ball from behind the head. We'll finish with a short game.",
      },
    ],
    question: 'Can someone explain the offside rule in football simply?',
    keywords: 'offside rule',
    paraphrase: 'why did the ref blow his whistle when our striker sprinted clear before the pass',
    exclusive: ['offside', 'onside'],
  },
  {
    id: 'hamstring-warmup',
    domain: 'football',
    relevant: [
      {
        grade: 2,
        title: 'Warm-up routine to avoid hamstring strains',
        content:
          'After two pulled hamstrings in one season, the physio gave our team this 10-minute routine before every game:\n\n- 3 minutes of light jogging\n- leg swings, forwards and sideways\n- walking lunges and high knees\n- Nordic curls twice a week at training (3 sets of 5)\n\nStatic stretching belongs after the game, not before. No strains since October.',
      },
    ],
    distractors: [
      {
        title: 'Physio evening for parents: sprained ankles',
        content:
          'Our club physio is running a free session on Wednesday about ankle sprains: when to ice, when to rest and when to see a doctor. Tea and biscuits provided.',
      },
    ],
    question: 'What warm-up exercises help prevent hamstring injuries before a match?',
    keywords: 'hamstring warm up',
    paraphrase: 'muscle tears at the rear of the thigh: how do footballers guard against that?',
    exclusive: ['hamstring', 'nordic'],
  },
  {
    id: 'bike-puncture',
    domain: 'cycling',
    relevant: [
      {
        grade: 2,
        title: 'Fixing a puncture on the roadside',
        content:
          'Flip the bike, open the brake if needed and take the wheel out. Use two tyre levers to unhook one side, pull the inner tube, and find the hole by pumping it up and listening (or dip it in a puddle).\n\nRun your fingers carefully round the inside of the tyre: the thorn is usually still there. Patch or fit a spare tube, seat the tyre, and inflate to the pressure on the sidewall.',
      },
    ],
    distractors: [
      {
        title: 'Bike to school week starts Monday',
        content:
          'Bike racks are by the side gate. Helmets on please, and lights if you leave after the after-school club. A stamp on the card every day you cycle.',
      },
    ],
    question: "How do I repair a flat bike tyre when I'm out on a ride?",
    keywords: 'bike puncture repair',
    paraphrase: 'the rubber on my pushbike deflated mid-trip; how do I sort it out?',
    exclusive: ['puncture', 'inner tube', 'tyre lever'],
  },
  {
    id: 'tent-condensation',
    domain: 'camping',
    relevant: [
      {
        grade: 2,
        title: 'Waking up in a wet tent: condensation, not a leak',
        content:
          "The drips inside the flysheet on our first camp weren't rain. Condensation forms when warm breath meets the cold fabric.\n\nFixes: pitch with the vents open even if it's chilly, leave a gap between inner and outer, don't cook or dry clothes inside, and pitch away from rivers and hollows where damp air settles. Wipe down with a small towel in the morning.",
      },
    ],
    distractors: [
      {
        title: 'Six-berth tent for sale',
        content:
          'Used for three summers, all poles and pegs present, a small repair on one door zip. £80, collect from the village.',
      },
    ],
    question: "Why is the inside of our tent wet in the morning when it didn't rain?",
    keywords: 'tent condensation',
    paraphrase: 'moisture soaking our sleeping bags overnight under canvas',
    exclusive: ['condensation', 'flysheet'],
  },
  {
    id: 'bird-feeder',
    domain: 'birds',
    relevant: [
      {
        grade: 2,
        title: 'Getting more birds to the feeder this winter',
        content:
          'Since we changed three things the garden is busy again: sunflower hearts instead of cheap mixed seed (no husks, less waste), a fat ball feeder for tits and a ground tray for robins and blackbirds, and a fresh water dish that we defrost every morning.\n\nPut feeders near cover (a hedge) but two metres from where cats can ambush, and clean them every fortnight to stop disease.',
      },
      {
        grade: 1,
        title: 'Making fat balls with the cubs',
        content:
          'Melted lard mixed with oats, seed and grated cheese, pressed into yoghurt pots with a string through the middle. The pack hung them in the school hedge and the blue tits found them by Tuesday.',
      },
    ],
    distractors: [
      {
        title: 'Birdwatching walk at the reservoir',
        content:
          'Twelve of us saw great crested grebes, a kingfisher and a distant osprey on Sunday. Next walk is along the estuary, bring binoculars and a flask.',
      },
    ],
    question: 'How can I attract more birds to my garden feeder in winter?',
    keywords: 'bird feeder winter',
    paraphrase: 'what treats will tempt little songsters to visit our yard when it is freezing',
    exclusive: ['feeder', 'sunflower heart', 'fat ball', 'lard'],
  },
  {
    id: 'running-knee',
    domain: 'running',
    relevant: [
      {
        grade: 2,
        title: 'Knee pain when starting Couch to 5K',
        content:
          'Week 3 of C25K and the outside of my knee started aching after 2 km. The club physio said it was probably my IT band: too much too soon.\n\nShe had me repeat a week instead of progressing, run on softer paths, shorten my stride a bit, and add clamshells and glute bridges three times a week. Get fitted for proper running shoes. Pain that is sharp or swells means stop and get it checked.',
      },
    ],
    distractors: [
      {
        title: 'Parkrun volunteers needed on Saturday',
        content:
          'We are short of marshals and a timekeeper for this week. Volunteering counts towards your milestone shirt, and you still get a coffee after.',
      },
    ],
    question: 'Why does my knee hurt when I start running and what should I do?',
    keywords: 'knee pain running',
    paraphrase: 'new jogger with a sore joint below the thigh after a few kilometres',
    exclusive: ['couch to 5k', 'c25k', 'clamshell', 'glute', 'knee'],
  },
];
