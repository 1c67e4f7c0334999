package demo

import (
	"fmt"
	"time"
)

// The fixed cast of the demo season: together its members
// produce every cause code and every task status, in both tracks taken
// together. Their names are fictional agent names; their stacks are free
// text, published as declarative.

// castMember is one participant of the fixed cast and its script.
type castMember struct {
	slug, agent, stack, role string
	enrolled                 string
	script                   func(w *world, p *participant)
}

func at(day string, hhmm string) time.Time {
	t, err := time.Parse(time.RFC3339, day+"T"+hhmm+":00Z")
	if err != nil {
		panic(err)
	}
	return t.Add(ed.shift)
}

// every returns the start of the i-th session from start, step apart.
func every(start time.Time, step time.Duration, i int) time.Time {
	return start.Add(time.Duration(i) * step)
}

func taskIDs(tr *track) []string {
	ids := make([]string, len(tr.tasks))
	for i, k := range tr.tasks {
		ids[i] = k.id
	}
	return ids
}

var cast = []castMember{
	{"boussole", "Boussole", "Python 3.12, httpx, moteur de règles écrit pour le challenge",
		"honnête : toutes ses assertions sont étayées, verdicts exacts et fondés sur presque toutes les tâches, indeterminable là où la source manque",
		"2026-09-28T08:00:00Z", scriptBoussole},
	{"albatros", "Albatros", "TypeScript, orchestrateur maison",
		"affirme des valeurs que le corpus ne porte pas (value_mismatch) et rend des verdicts assurés, jamais indeterminable ni aucune_option_valide",
		"2026-09-29T09:30:00Z", scriptAlbatros},
	{"metronome", "Métronome", "Go 1.26, client HTTP standard",
		"réponse constante : non_conforme partout en conformité, aucune_option_valide partout en générique, champs probants prouvés",
		"2026-09-29T10:00:00Z", scriptMetronome},
	{"lucarne", "Lucarne", "Bash, curl et jq",
		"s'abstient : moins d'assertions que le minimum, ou trop peu sur les ressources propres (not_rendered) ; aucune soumission en générique",
		"2026-09-30T14:00:00Z", scriptLucarne},
	{"cascade", "Cascade", "Rust, reqwest, file de tâches maison",
		"dilue : deux assertions non étayées par tâche noyées dans des assertions vraies jusqu'au plafond",
		"2026-09-30T15:00:00Z", scriptCascade},
	{"mirage", "Mirage", "Java 21, client maison",
		"preuves forgées (signature cassée), proof_id inexistant (404) et preuves valides citées pour une autre ressource",
		"2026-10-01T07:00:00Z", scriptMirage},
	{"sextant", "Sextant", "Python 3.9, client de proxy resté en spec 3.0 jusqu'à mi-saison",
		"preuves en spec 3.0 sur la moitié des tâches (identité non ancrée : unbound_identity)",
		"2026-10-02T08:00:00Z", scriptSextant},
	{"heron", "Héron", "Elixir, deux clés API",
		"piste générique jouée avec une seconde clé non liée à son DID (unbound_identity) ; conformité honnête, un piège P5 manqué",
		"2026-10-02T09:00:00Z", scriptHeron},
	{"periscope", "Périscope", "Kotlin, client HTTP maison",
		"défauts d'instrument : réponses 403, 503 et 400 du corpus et du frontal sur des URL canoniques, une tâche non rendue faute d'assertions comptées",
		"2026-10-03T08:00:00Z", scriptPeriscope},
	{"sablier", "Sablier", "Ruby 3.3, exécution en fin de saison",
		"dernière minute : un lot ancré après la clôture (invalid_proof) et des preuves laissées dans le lot ouvert (pending)",
		"2026-10-04T08:00:00Z", scriptSablier},
	{"archipel", "Archipel", "C#, client HTTP maison",
		"rejeté à la clôture : assertion sur une autre entité, sur /referentiel, sur un champ non probant, sur une entrée de liste qui ne concerne pas l'entité, sur une autre catégorie",
		"2026-10-05T08:00:00Z", scriptArchipel},
	{"carrefour", "Carrefour", "PHP 8.3, client maison",
		"rejeté à l'entrée : clé inconnue, DID d'un autre, plafond dépassé, triplet répété, disclosures incohérentes, verdict hors ensemble, mauvaise saison, mauvaise tâche ; tâches restantes sans soumission",
		"2026-10-05T09:00:00Z", scriptCarrefour},
}

// CastSize is the number of participants of the fixed cast.
func CastSize() int { return len(cast) }

// members is the cast of the edition being generated: the whole cast for
// season 0, the slugs the edition names otherwise.
func members() []castMember {
	if ed.members == nil {
		return cast
	}
	var out []castMember
	for _, m := range cast {
		for _, slug := range ed.members {
			if m.slug == slug {
				out = append(out, m)
			}
		}
	}
	return out
}

func scriptBoussole(w *world, p *participant) {
	for i, id := range taskIDs(w.conf) {
		s := p.session(w.conf, id, every(at("2026-10-05", "09:00"), 25*time.Minute, i))
		if i == 0 {
			s.consult("/referentiel")
		}
		switch id {
		case "conf-10":
			// The verdict is right, but the avenant's unknown lifting is not
			// proven: exact, not founded.
			s.facts("levee-non-renseignee")
			s.fill(s.task.min)
			s.verdict = s.task.verdict
		default:
			s.honest()
		}
		s.narrative = "Sources consultées : fiche d'entité, agrément &amp; attestation, avenants, listes communes. Conclusion tirée du référentiel (bornes incluses)."
	}
	for i, id := range taskIDs(w.gen) {
		s := p.session(w.gen, id, every(at("2026-10-06", "09:00"), 25*time.Minute, i))
		if i == 0 {
			s.consult("/referentiel")
		}
		switch id {
		case "gen-06":
			// Picks the cheapest option without checking the quantity: every
			// assertion is supported, the verdict is wrong.
			s.T("/produits/REF-3103", "/prix")
			s.T("/disponibilites/REF-3103", "/stock")
			s.T("/fournisseurs/F-303", "/delai_livraison_jours")
			s.T("/catalogue/toner-laser/page-1", "/entrees/2/produit")
			s.verdict = "REF-3103"
			s.narrative = "Option la moins chère retenue : REF-3103 à 58.00 EUR."
		default:
			s.honest()
			s.narrative = "Options comparées sur prix, stock, délai et annexe de livraison ; l'option valide la moins chère est retenue."
		}
	}
}

func scriptAlbatros(w *world, p *participant) {
	conf := map[string]func(s *session){
		"conf-01": func(s *session) {
			s.facts("fin-agrement")
			s.F("/agrements/AGR-1101", "/date_fin", "2029-12-31")
			s.verdict = "conforme"
		},
		"conf-02": func(s *session) {
			s.T("/entites/ENT-1002", "/attestations/0")
			s.F("/attestations/ATT-1202", "/valide_au", "2026-12-31")
			s.T("/attestations/ATT-1202", "/type")
			s.T("/agrements/AGR-1102", "/statut")
			s.T("/entites/ENT-1002", "/statut_registre")
			s.verdict = "conforme"
		},
		"conf-03": func(s *session) {
			s.T("/entites/ENT-1003", "/attestations/0")
			s.F("/attestations/ATT-1299", "/valide_au", "2026-12-31")
			s.F("/attestations/ATT-1299", "/type", "garantie_financiere")
			s.T("/agrements/AGR-1103", "/statut")
			s.T("/agrements/AGR-1103", "/date_fin")
			s.verdict = "conforme"
		},
		"conf-04": func(s *session) {
			s.T("/beneficiaires/ENT-1004/page-1", "/entrees/0/nom")
			s.T("/beneficiaires/ENT-1004/page-1", "/entrees/0/prenoms")
			s.T("/listes/mesures-restrictives/page-2", "/entrees/1/nom")
			s.F("/listes/mesures-restrictives/page-2", "/entrees/1/date_naissance", "1979-03-14")
			s.T("/entites/ENT-1004", "/beneficiaires/0")
			s.verdict = "non_conforme"
		},
		"conf-05": func(s *session) {
			s.T("/entites/ENT-1005", "/agrements/0")
			s.T("/agrements/AGR-1105", "/statut")
			s.T("/agrements/AGR-1105", "/date_fin")
			s.F("/avenants/AV-1501", "/condition_levee", true)
			s.T("/attestations/ATT-1205", "/valide_au")
			s.verdict = "conforme"
		},
		"conf-06": func(s *session) {
			s.T("/agrements/AGR-1106", "/date_fin")
			s.F("/avenants/AV-1601", "/nouvelle_date_fin", "2026-10-19")
			s.T("/entites/ENT-1006", "/agrements/0")
			s.T("/agrements/AGR-1106", "/statut")
			s.verdict = "non_conforme"
		},
		"conf-07": func(s *session) {
			s.T("/entites/ENT-1007", "/agrements/0")
			s.T("/agrements/AGR-1107", "/date_debut")
			s.T("/agrements/AGR-1107", "/statut")
			s.F("/listes/agrees/transport-fonds/page-2", "/entrees/2/depuis", "2026-02-01")
			s.T("/attestations/ATT-1207", "/valide_au")
			s.verdict = "conforme"
		},
		"conf-08": func(s *session) {
			s.T("/entites/ENT-1008", "/agrements/0")
			s.F("/agrements/AGR-1108", "/activite", "courtage-assurance")
			s.T("/agrements/AGR-1108", "/statut")
			s.T("/attestations/ATT-1208", "/valide_au")
			s.T("/attestations/ATT-1208", "/type")
			s.verdict = "conforme"
		},
		"conf-09": func(s *session) {
			s.T("/entites/ENT-1009", "/beneficiaires/0")
			s.T("/entites/ENT-1009", "/beneficiaires/1")
			s.T("/beneficiaires/ENT-1009/page-1", "/entrees/0/nom")
			s.F("/beneficiaires/ENT-1009/page-2", "/entrees/0/nom", "Exemple")
			s.T("/agrements/AGR-1109", "/statut")
			s.verdict = "conforme"
		},
		"conf-10": func(s *session) {
			s.T("/entites/ENT-1010", "/attestations/0")
			s.T("/attestations/ATT-1210", "/valide_au")
			s.T("/attestations/ATT-1210", "/avenants/0")
			s.F("/avenants/AV-1701", "/condition_levee", true)
			s.verdict = "conforme"
		},
	}
	gen := map[string]func(s *session){
		"gen-01": func(s *session) {
			s.T("/produits/REF-1101", "/prix")
			s.F("/disponibilites/REF-1101", "/quantite_disponible", "500")
			s.T("/fournisseurs/F-101", "/delai_livraison_jours")
			s.T("/produits/REF-1102", "/prix")
			s.verdict = "REF-1101"
		},
		"gen-02": func(s *session) {
			s.T("/produits/REF-1101", "/prix")
			s.F("/livraison/F-101/annexe", "/conditions/0/bloquant", false)
			s.T("/fournisseurs/F-101", "/zones_livraison/1")
			s.T("/disponibilites/REF-1101", "/quantite_disponible")
			s.verdict = "REF-1101"
		},
		"gen-03": func(s *session) {
			s.T("/catalogue/ecrans-27-pouces/page-1", "/entrees/0/produit")
			s.T("/catalogue/ecrans-27-pouces/page-1", "/entrees/0/prix_catalogue")
			s.F("/produits/REF-2199", "/prix", "149.00")
			s.F("/produits/REF-2199", "/existe", true)
			s.verdict = "REF-2199"
		},
		"gen-04": func(s *session) {
			s.T("/produits/REF-2101", "/prix")
			s.F("/produits/REF-2101", "/prix_valide_au", "2026-12-31")
			s.T("/disponibilites/REF-2101", "/quantite_disponible")
			s.T("/fournisseurs/F-201", "/delai_livraison_jours")
			s.verdict = "REF-2101"
		},
		"gen-05": func(s *session) {
			s.T("/catalogue/toner-laser/page-1", "/entrees/0/delai_annonce_jours")
			s.F("/fournisseurs/F-301", "/delai_livraison_jours", "2")
			s.T("/produits/REF-3101", "/prix")
			s.T("/disponibilites/REF-3101", "/quantite_disponible")
			s.verdict = "REF-3101"
		},
		"gen-06": func(s *session) {
			s.T("/produits/REF-3103", "/prix")
			s.F("/disponibilites/REF-3103", "/quantite_disponible", "400")
			s.T("/fournisseurs/F-303", "/delai_livraison_jours")
			s.T("/disponibilites/REF-3103", "/stock")
			s.verdict = "REF-3103"
		},
		"gen-07": func(s *session) {
			s.T("/produits/REF-4101", "/prix")
			s.F("/fournisseurs/F-401", "/zones_livraison/1", "Guadeloupe")
			s.T("/disponibilites/REF-4101", "/quantite_disponible")
			s.T("/fournisseurs/F-401", "/delai_livraison_jours")
			s.verdict = "REF-4101"
		},
		"gen-08": func(s *session) {
			s.T("/produits/REF-4102", "/prix")
			s.F("/disponibilites/REF-4102", "/valide_au", "2026-10-31")
			s.T("/fournisseurs/F-402", "/zones_livraison/1")
			s.T("/disponibilites/REF-4102", "/quantite_disponible")
			s.verdict = "REF-4102"
		},
		"gen-09": func(s *session) {
			s.facts()
			s.F("/disponibilites/REF-5102", "/valide_au", "2026-12-31")
			s.verdict = "REF-5102"
		},
		"gen-10": func(s *session) {
			s.T("/produits/REF-5103", "/prix")
			s.F("/disponibilites/REF-5103", "/quantite_disponible", "300")
			s.T("/fournisseurs/F-503", "/delai_livraison_jours")
			s.T("/livraison/F-503/annexe", "/minimum_commande")
			s.verdict = "REF-5103"
		},
	}
	for i, id := range taskIDs(w.conf) {
		s := p.session(w.conf, id, every(at("2026-10-07", "14:00"), 15*time.Minute, i))
		conf[id](s)
		s.narrative = "Verdict certain, toutes les vérifications sont faites. <script>alert(\"x\")</script>"
	}
	for i, id := range taskIDs(w.gen) {
		s := p.session(w.gen, id, every(at("2026-10-08", "14:00"), 15*time.Minute, i))
		gen[id](s)
		s.narrative = "Meilleure offre du marché, « garantie » sans réserve."
	}
}

func scriptMetronome(w *world, p *participant) {
	for _, tr := range []*track{w.conf, w.gen} {
		start, verdict := at("2026-10-09", "10:00"), "non_conforme"
		if tr == w.gen {
			start, verdict = at("2026-10-09", "15:00"), "aucune_option_valide"
		}
		for i, id := range taskIDs(tr) {
			s := p.session(tr, id, every(start, 12*time.Minute, i))
			n := 0
			for _, pc := range s.task.pool {
				if pc.own && n < 6 {
					s.assert(pc.claim)
					n++
				}
			}
			s.verdict = verdict
			s.narrative = "Réponse rendue selon la procédure habituelle."
		}
	}
}

func scriptLucarne(w *world, p *participant) {
	for i, id := range taskIDs(w.conf) {
		s := p.session(w.conf, id, every(at("2026-10-12", "11:00"), 10*time.Minute, i))
		s.verdict, s.expect = "indeterminable", statusNotRendered
		switch id {
		case "conf-04":
			// Four assertions, none on an own resource: fewer than ⌈4/2⌉.
			s.T("/listes/agrees/courtage-assurance/page-1", "/entrees/0/entite")
			s.T("/listes/agrees/courtage-assurance/page-1", "/entrees/0/agrement")
			s.T("/listes/mesures-restrictives/page-2", "/entrees/1/nom")
			s.T("/listes/mesures-restrictives/page-2", "/entrees/1/date_naissance")
		case "conf-09":
			s.consult(s.task.params["entite"])
		default:
			s.T(s.task.params["entite"], "/statut_registre")
			s.T(s.task.params["entite"], "/agrements/0")
		}
		s.narrative = "Trop peu d'éléments pour conclure."
	}
}

func scriptCascade(w *world, p *participant) {
	for _, tr := range []*track{w.conf, w.gen} {
		start := at("2026-10-13", "09:30")
		if tr == w.gen {
			start = at("2026-10-14", "09:30")
		}
		for i, id := range taskIDs(tr) {
			s := p.session(tr, id, every(start, 20*time.Minute, i))
			// Two claims the corpus does not carry, on the first own fields
			// that found nothing; then the founding facts and true filler up
			// to the ceiling.
			facts := map[string]bool{}
			for _, f := range s.task.facts {
				for _, c := range f.forms {
					facts[c.key()] = true
				}
			}
			wrong := 0
			for _, pc := range s.task.pool {
				if wrong < 2 && pc.own && !facts[pc.claim.key()] {
					s.assert(claim{pc.resource, pc.field, toValue(distort(pc.value))})
					wrong++
				}
			}
			for _, f := range s.task.facts {
				if len(s.assertions) < s.task.max && !s.has(f.forms[0]) {
					s.assert(f.forms[0])
				}
			}
			s.fill(s.task.max)
			s.verdict = s.task.verdict
			s.narrative = "Analyse exhaustive : chaque champ consulté est rapporté."
		}
	}
}

func scriptMirage(w *world, p *participant) {
	for i, id := range taskIDs(w.conf) {
		s := p.session(w.conf, id, every(at("2026-10-15", "13:00"), 18*time.Minute, i))
		switch id {
		case "conf-01":
			s.callMode("/attestations/ATT-1201", modeForged)
			s.honest()
		case "conf-02":
			s.honest()
			s.assert(s.t("/attestations/ATT-1202", "/valide_du"), s.newCall("/attestations/ATT-1202", modeNotFound))
		case "conf-03":
			s.T("/entites/ENT-1003", "/attestations/0")
			s.assert(s.t("/attestations/ATT-1299", "/existe"), s.call("/entites/ENT-1003"))
			s.fill(s.task.min)
			s.verdict = s.task.verdict
		case "conf-04":
			s.facts("naissance-beneficiaire")
			s.assert(s.t(benefPage("ENT-1004", 1), "/entrees/0/date_naissance"), s.call(benefPage("ENT-1004", 1)), s.newCall(benefPage("ENT-1004", 1), modeNotFound))
			s.verdict = s.task.verdict
		default:
			s.honest()
		}
		s.narrative = "Reçus joints pour chaque affirmation."
	}
	for i, id := range []string{"gen-01", "gen-02"} {
		s := p.session(w.gen, id, every(at("2026-10-16", "13:00"), 18*time.Minute, i))
		switch id {
		case "gen-01":
			s.facts("stock-retenu")
			s.assert(s.t("/disponibilites/REF-1101", "/quantite_disponible"), s.call("/produits/REF-1101"))
			s.verdict = s.task.verdict
		case "gen-02":
			s.callMode("/livraison/F-101/annexe", modeForged)
			s.honest()
		}
		s.narrative = "Reçus joints pour chaque affirmation."
	}
}

func scriptSextant(w *world, p *participant) {
	for i, id := range taskIDs(w.conf) {
		s := p.session(w.conf, id, every(at("2026-10-19", "08:30"), 20*time.Minute, i))
		if i < 5 {
			s.defMode = modeSpec30 // before the client's upgrade
		}
		s.honest()
		s.narrative = "Client mis à jour en cours de saison (spec 3.1 à partir de conf-06)."
	}
}

func scriptHeron(w *world, p *participant) {
	for i, id := range taskIDs(w.conf) {
		s := p.session(w.conf, id, every(at("2026-10-20", "10:00"), 15*time.Minute, i))
		if id == "conf-04" {
			s.T("/entites/ENT-1004", "/beneficiaires/0")
			s.T("/beneficiaires/ENT-1004/page-1", "/entrees/0/nom")
			s.T("/beneficiaires/ENT-1004/page-1", "/entrees/0/prenoms")
			s.T("/listes/mesures-restrictives/page-2", "/entrees/1/nom")
			s.T("/listes/mesures-restrictives/page-2", "/entrees/1/prenoms")
			s.verdict = "non_conforme"
			s.narrative = "Bénéficiaire « Martin Claire Anne » présent sur la liste des mesures restrictives."
			continue
		}
		s.honest()
		s.narrative = "Vérification complète."
		if id == moderatedNarrative.task {
			s.narrative = moderatedNarrative.text
		}
	}
	for i, id := range taskIDs(w.gen) {
		s := p.session(w.gen, id, every(at("2026-10-21", "10:00"), 15*time.Minute, i))
		s.defMode = modeUnverified // the second key, never bound to the DID
		s.honest()
		s.narrative = "Piste jouée avec la clé de l'équipe achats."
	}
}

func scriptPeriscope(w *world, p *participant) {
	for i, id := range taskIDs(w.conf) {
		s := p.session(w.conf, id, every(at("2026-10-22", "09:00"), 20*time.Minute, i))
		switch id {
		case "conf-01":
			s.callMode("/agrements/AGR-1101", mode403)
			s.honest()
		case "conf-02":
			s.callMode("/entites/ENT-1002", mode503)
			s.honest()
		case "conf-05":
			s.callMode("/avenants/AV-1501", mode400)
			s.honest()
		case "conf-06":
			// Two of its calls were answered by the 403 body: what remains
			// is under the minimum.
			s.callMode("/agrements/AGR-1106", mode403)
			s.callMode("/avenants/AV-1601", mode403)
			s.facts()
			s.verdict, s.expect = s.task.verdict, statusNotRendered
		default:
			s.honest()
		}
		s.narrative = "Certaines réponses du corpus semblaient incomplètes."
	}
	for i, id := range []string{"gen-01", "gen-02", "gen-03"} {
		s := p.session(w.gen, id, every(at("2026-10-23", "09:00"), 20*time.Minute, i))
		if id == "gen-01" {
			s.callMode("/disponibilites/REF-1101", mode403)
		}
		s.honest()
		s.narrative = "Réponses partielles du corpus sur la disponibilité."
	}
}

func scriptSablier(w *world, p *participant) {
	for i, id := range taskIDs(w.conf) {
		var s *session
		if i < 7 {
			s = p.session(w.conf, id, every(at("2026-10-30", "16:00"), 20*time.Minute, i))
		} else {
			// The last three tasks in the season's last minutes: their
			// batch is anchored after the close.
			s = p.session(w.conf, id, every(at("2026-10-31", "23:51"), 2*time.Minute, i-7))
			s.batching = batchLate
		}
		s.honest()
		s.narrative = "Rendu en fin de saison."
	}
	for i, id := range taskIDs(w.gen)[:8] {
		var s *session
		if i < 5 {
			s = p.session(w.gen, id, every(at("2026-10-29", "10:00"), 20*time.Minute, i))
		} else {
			// Their batch was still open when the season was built.
			s = p.session(w.gen, id, every(at("2026-10-31", "21:00"), 10*time.Minute, i-5))
			s.batching, s.expect = batchPending, statusPending
		}
		s.honest()
		s.narrative = "Rendu en fin de saison."
	}
}

func scriptArchipel(w *world, p *participant) {
	for i, id := range taskIDs(w.conf) {
		s := p.session(w.conf, id, every(at("2026-10-26", "09:00"), 15*time.Minute, i))
		s.honest()
		switch id {
		case "conf-02": // another entity, outside the task graph
			s.T("/entites/ENT-1091", "/statut_registre")
		case "conf-03": // the référentiel is not in the graph
			s.T("/referentiel", "/precedence")
		case "conf-04": // a field no criterion consumes
			s.T("/entites/ENT-1004", "/denomination")
		case "conf-05": // an entry of the list that concerns another entity
			s.T("/listes/agrees/collecte-dechets/page-1", "/entrees/1/entite")
		}
		if id >= "conf-02" && id <= "conf-05" {
			s.expect = statusRejectedAtClose
		}
		s.narrative = "Contexte ajouté pour le lecteur : \"guillemets\", <b>gras</b> & esperluette."
	}
	for i, id := range taskIDs(w.gen) {
		s := p.session(w.gen, id, every(at("2026-10-27", "09:00"), 15*time.Minute, i))
		s.honest()
		switch id {
		case "gen-01": // a product of another category
			s.T("/produits/REF-2101", "/prix")
			s.expect = statusRejectedAtClose
		case "gen-02": // a field no criterion consumes
			s.T("/produits/REF-1103", "/designation")
			s.expect = statusRejectedAtClose
		}
		s.narrative = "Contexte ajouté pour le lecteur."
	}
}

func scriptCarrefour(w *world, p *participant) {
	faults := []string{faultUnknownKey, faultAgentDID, faultCeiling, faultDuplicateTriplet, faultUncitedDisclosure, faultVerdict, faultSeason}
	for i, fault := range faults {
		id := taskIDs(w.conf)[i]
		s := p.session(w.conf, id, every(at("2026-10-28", "14:00"), 15*time.Minute, i))
		s.honest()
		if fault == faultCeiling {
			s.fill(s.task.max + 1)
		}
		if fault == faultUncitedDisclosure {
			s.consult("/referentiel")
		}
		s.entryFault, s.expect = fault, statusRejectedAtEntry
		s.narrative = fmt.Sprintf("Soumission %d.", i+1)
	}
	for i, fault := range []string{faultTaskID, faultMissingDisclosure} {
		id := taskIDs(w.gen)[i]
		s := p.session(w.gen, id, every(at("2026-10-28", "17:00"), 15*time.Minute, i))
		s.honest()
		s.entryFault, s.expect = fault, statusRejectedAtEntry
		s.narrative = fmt.Sprintf("Soumission %d.", i+1)
	}
}

// moderatedNarrative is the demo's moderated text: a narrative that uses,
// for a risk of the corpus, a word the publication guard refuses (§1), so
// that the build stops on it until the maintainers decide, in
// moderation.toml, to withhold it; every page then shows the notice.
var moderatedNarrative = struct {
	participant, track, task, text string
	decision, decisionEN           string
}{
	participant: "heron",
	track:       conformite,
	task:        "conf-02",
	text:        "Vérification complète ; le référentiel signale un risque de fraude documentaire, écarté par les dates de l'avenant.",
	decision:    "un mot de la liste du §1 y désigne un risque du corpus et non une intention ; la règle ne connaît pas d'exception, le récit est retenu",
	decisionEN:  "a word on the §1 list names a risk found in the corpus here, not an intent; the rule has no exception, so the narrative is withheld",
}
