package demo

import "fmt"

// The conformité corpus of the demo season: fictional entities, their
// agréments, avenants, attestations and beneficiaries, the public list of
// agréés per activity, the restrictive-measures list and the référentiel
// (invented, as §2.5 asks of the real one). Every name is invented; « Exemple », « Fictif » and the like
// say so.

// conformiteRules are the close rules of the track (§5.2, §5.7).
func conformiteRules() *rules {
	return &rules{
		roots: []string{"{entite}"},
		collections: []*collection{
			{name: "entites", prefix: "/entites/", own: true,
				links:     []string{"/agrements/<n>", "/attestations/<n>", "/beneficiaires/<n>"},
				probative: []string{"/statut_registre", "/agrements/<n>", "/attestations/<n>", "/beneficiaires/<n>", "/existe"}},
			{name: "agrements", prefix: "/agrements/", own: true,
				links:     []string{"/avenants/<n>"},
				probative: []string{"/entite", "/activite", "/statut", "/date_debut", "/date_fin", "/avenants/<n>", "/existe"}},
			{name: "avenants", prefix: "/avenants/", own: true,
				probative: []string{"/document", "/objet", "/date_effet", "/nouvelle_date_fin", "/condition_bloquante", "/condition_levee", "/existe"}},
			{name: "attestations", prefix: "/attestations/", own: true,
				links:     []string{"/avenants/<n>"},
				probative: []string{"/entite", "/type", "/valide_du", "/valide_au", "/avenants/<n>", "/existe"}},
			{name: "beneficiaires", prefix: "/beneficiaires/", own: true, entries: "/entrees",
				probative: []string{"/entite", "/entrees/<n>/nom", "/entrees/<n>/prenoms", "/entrees/<n>/date_naissance", "/existe"}},
			{name: "agrees", prefix: "/listes/agrees/", own: false, pages: "/listes/agrees/{activite}/page-", entries: "/entrees",
				probative: []string{"/entrees/<n>/entite", "/entrees/<n>/agrement", "/entrees/<n>/depuis"},
				concerns:  &concerns{kind: "param", field: "entite", param: "entite"}},
			{name: "mesures_restrictives", prefix: "/listes/mesures-restrictives/", own: false, pages: "/listes/mesures-restrictives/page-", entries: "/entrees",
				probative: []string{"/entrees/<n>/nom", "/entrees/<n>/prenoms", "/entrees/<n>/date_naissance", "/entrees/<n>/mesure"},
				concerns:  &concerns{kind: "match", fields: []string{"nom", "prenoms"}, collection: "beneficiaires"}},
		},
	}
}

// Activities and the attestation each requires.
var activites = []struct{ slug, libelle, label, attestation string }{
	{"transport-fonds", "transport de fonds et de valeurs", "cash-in-transit and valuables transport", "garantie_financiere"},
	{"courtage-assurance", "courtage d'assurance", "insurance brokerage", "garantie_financiere"},
	{"collecte-dechets", "collecte et transport de déchets", "waste collection and transport", "assurance_rc"},
}

// label is the activity's name in English.
func label(activite string) string {
	for _, a := range activites {
		if a.slug == activite {
			return a.label
		}
	}
	return activite
}

func libelle(activite string) string {
	for _, a := range activites {
		if a.slug == activite {
			return a.libelle
		}
	}
	return activite
}

type person struct{ nom, prenoms, naissance string }

type entityDef struct {
	id, denomination, forme, siege, statut string
	agrements, attestations, beneficiaires []string
}

func (c *corpus) entity(e entityDef) {
	c.add("/entites/"+e.id, obj{
		{"denomination", e.denomination},
		{"forme", e.forme},
		{"siege", e.siege},
		{"statut_registre", e.statut},
		{"agrements", strs(e.agrements)},
		{"attestations", strs(e.attestations)},
		{"beneficiaires", strs(e.beneficiaires)},
	})
}

func (c *corpus) agrement(id, entite, activite, statut, debut string, fin any, avenants ...string) {
	c.add("/agrements/"+id, obj{
		{"entite", "/entites/" + entite},
		{"activite", activite},
		{"autorite", "Autorité fictive de contrôle des activités réglementées (AFCAR)"},
		{"statut", statut},
		{"date_debut", debut},
		{"date_fin", fin},
		{"avenants", strs(avenants)},
	})
}

func (c *corpus) attestation(id, entite, typ, du, au string, avenants ...string) {
	org := "Caisse fictive de garantie des professions réglementées"
	if typ == "assurance_rc" {
		org = "Mutuelle Exemple d'assurance des entreprises"
	}
	c.add("/attestations/"+id, obj{
		{"entite", "/entites/" + entite},
		{"type", typ},
		{"organisme", org},
		{"valide_du", du},
		{"valide_au", au},
		{"avenants", strs(avenants)},
	})
}

func (c *corpus) avenant(id, document, objet, effet string, nouvelleFin, condition, levee any) {
	c.add("/avenants/"+id, obj{
		{"document", document},
		{"objet", objet},
		{"date_effet", effet},
		{"nouvelle_date_fin", nouvelleFin},
		{"condition_bloquante", condition},
		{"condition_levee", levee},
	})
}

func (c *corpus) beneficiaires(entite string, page int, ps ...person) {
	es := arr{}
	for _, p := range ps {
		es = append(es, obj{{"nom", p.nom}, {"prenoms", p.prenoms}, {"date_naissance", p.naissance}})
	}
	c.add(fmt.Sprintf("/beneficiaires/%s/page-%d", entite, page), obj{
		{"entite", "/entites/" + entite},
		{"page", fmt.Sprint(page)},
		{"entrees", es},
	})
}

func strs(ss []string) arr {
	a := arr{}
	for _, s := range ss {
		a = append(a, s)
	}
	return a
}

func benefPage(entite string, n int) string {
	return fmt.Sprintf("/beneficiaires/%s/page-%d", entite, n)
}

// conformiteTrack builds the conformité track of the demo season.
func conformiteTrack() *track {
	c := newCorpus()
	ent := func(id string) string { return "/entites/" + id }
	agr := func(id string) string { return "/agrements/" + id }
	att := func(id string) string { return "/attestations/" + id }
	av := func(id string) string { return "/avenants/" + id }

	// The entities of the ten tasks, and three others that only appear on
	// the common lists.
	c.entity(entityDef{"ENT-1001", "Société Exemple Transports SAS", "SAS", "12 rue de l'Exemple, 69000 Lyon (adresse fictive)", "actif",
		[]string{agr("AGR-1101")}, []string{att("ATT-1201")}, []string{benefPage("ENT-1001", 1)}})
	c.entity(entityDef{"ENT-1002", "Exemple Convoyage Sécurisé SARL", "SARL", "4 impasse du Modèle, 33000 Bordeaux (adresse fictive)", "actif",
		[]string{agr("AGR-1102")}, []string{att("ATT-1202")}, []string{benefPage("ENT-1002", 1)}})
	c.entity(entityDef{"ENT-1003", "Fictive Logistique Valeurs SA", "SA", "8 quai de la Démonstration, 44000 Nantes (adresse fictive)", "actif",
		[]string{agr("AGR-1103")}, []string{att("ATT-1299")}, []string{benefPage("ENT-1003", 1)}})
	c.entity(entityDef{"ENT-1004", "Exemple Courtage Conseil SAS", "SAS", "27 avenue du Spécimen, 75011 Paris (adresse fictive)", "actif",
		[]string{agr("AGR-1104")}, []string{att("ATT-1204")}, []string{benefPage("ENT-1004", 1)}})
	c.entity(entityDef{"ENT-1005", "Société Fictive Propreté Urbaine SAS", "SAS", "3 rue du Gabarit, 59000 Lille (adresse fictive)", "actif",
		[]string{agr("AGR-1105")}, []string{att("ATT-1205")}, []string{benefPage("ENT-1005", 1)}})
	c.entity(entityDef{"ENT-1006", "Exemple Sûreté Transferts SAS", "SAS", "15 boulevard de l'Essai, 13002 Marseille (adresse fictive)", "actif",
		[]string{agr("AGR-1106")}, []string{att("ATT-1206")}, []string{benefPage("ENT-1006", 1)}})
	c.entity(entityDef{"ENT-1007", "Exemple Transports Réunis SA", "SA", "1 place du Prototype, 67000 Strasbourg (adresse fictive)", "actif",
		[]string{agr("AGR-1107")}, []string{att("ATT-1207")}, []string{benefPage("ENT-1007", 1)}})
	c.entity(entityDef{"ENT-1008", "Exemple Conseil & Patrimoine SAS", "SAS", "9 rue de la Maquette, 31000 Toulouse (adresse fictive)", "actif",
		[]string{agr("AGR-1108")}, []string{att("ATT-1208")}, []string{benefPage("ENT-1008", 1)}})
	c.entity(entityDef{"ENT-1009", "Exemple Recyclage Avenir SAS", "SAS", "22 chemin du Brouillon, 35000 Rennes (adresse fictive)", "actif",
		[]string{agr("AGR-1109")}, []string{att("ATT-1209")}, []string{benefPage("ENT-1009", 1), benefPage("ENT-1009", 2)}})
	c.entity(entityDef{"ENT-1010", "Fictive Collecte Ouest SARL", "SARL", "6 allée de l'Échantillon, 29200 Brest (adresse fictive)", "actif",
		[]string{agr("AGR-1110")}, []string{att("ATT-1210")}, []string{benefPage("ENT-1010", 1)}})
	c.entity(entityDef{"ENT-1091", "Société Exemple Escorte SAS", "SAS", "2 rue du Témoin, 21000 Dijon (adresse fictive)", "actif",
		[]string{agr("AGR-1191")}, nil, nil})
	c.entity(entityDef{"ENT-1092", "Fictif Assurances Courtage SARL", "SARL", "11 rue du Patron, 37000 Tours (adresse fictive)", "radie",
		[]string{agr("AGR-1192")}, nil, nil})
	c.entity(entityDef{"ENT-1093", "Exemple Déchets Services SA", "SA", "5 rue de l'Ébauche, 87000 Limoges (adresse fictive)", "actif",
		[]string{agr("AGR-1193")}, nil, nil})

	// Agréments.
	c.agrement("AGR-1101", "ENT-1001", "transport-fonds", "actif", "2025-03-01", "2028-02-29")
	c.agrement("AGR-1102", "ENT-1002", "transport-fonds", "actif", "2024-07-01", "2027-06-30")
	c.agrement("AGR-1103", "ENT-1003", "transport-fonds", "actif", "2025-09-15", "2028-09-14")
	c.agrement("AGR-1104", "ENT-1004", "courtage-assurance", "actif", "2024-01-01", "2027-12-31")
	c.agrement("AGR-1105", "ENT-1005", "collecte-dechets", "actif", "2025-01-01", "2027-12-31", av("AV-1501"))
	c.agrement("AGR-1106", "ENT-1006", "transport-fonds", "actif", "2023-10-21", "2026-06-30", av("AV-1601"))
	c.agrement("AGR-1107", "ENT-1007", "transport-fonds", "actif", "2026-02-01", "2029-01-31")
	c.agrement("AGR-1108", "ENT-1008", "conseil-patrimonial", "actif", "2025-05-01", "2028-04-30")
	c.agrement("AGR-1109", "ENT-1009", "collecte-dechets", "actif", "2024-04-01", "2027-03-31")
	c.agrement("AGR-1110", "ENT-1010", "collecte-dechets", "actif", "2025-06-01", "2028-05-31")
	c.agrement("AGR-1191", "ENT-1091", "transport-fonds", "actif", "2022-01-01", "2026-12-31")
	c.agrement("AGR-1192", "ENT-1092", "courtage-assurance", "retire", "2021-03-01", "2026-02-28")
	c.agrement("AGR-1193", "ENT-1093", "collecte-dechets", "suspendu", "2023-06-01", "2026-05-31")

	// Avenants.
	c.avenant("AV-1501", agr("AGR-1105"), "condition suspensive", "2026-07-01", nil,
		"Activité suspendue jusqu'à la production du certificat de conformité des installations de tri", false)
	c.avenant("AV-1601", agr("AGR-1106"), "prorogation", "2026-06-15", "2026-10-20", nil, nil)
	c.avenant("AV-1701", att("ATT-1210"), "condition particulière", "2026-09-01", nil,
		"Garantie suspendue en cas de non-paiement de la prime du second semestre 2026", nil)

	// Attestations (ATT-1299, listed by ENT-1003, does not exist).
	c.attestation("ATT-1201", "ENT-1001", "garantie_financiere", "2026-01-01", "2026-12-31")
	c.attestation("ATT-1202", "ENT-1002", "garantie_financiere", "2025-10-01", "2026-09-30")
	c.missing(att("ATT-1299"))
	c.attestation("ATT-1204", "ENT-1004", "garantie_financiere", "2026-01-01", "2026-12-31")
	c.attestation("ATT-1205", "ENT-1005", "assurance_rc", "2026-01-01", "2026-12-31")
	c.attestation("ATT-1206", "ENT-1006", "garantie_financiere", "2026-04-01", "2027-03-31")
	c.attestation("ATT-1207", "ENT-1007", "garantie_financiere", "2026-01-01", "2026-12-31")
	c.attestation("ATT-1208", "ENT-1008", "garantie_financiere", "2026-01-01", "2026-12-31")
	c.attestation("ATT-1209", "ENT-1009", "assurance_rc", "2026-03-01", "2027-02-28")
	c.attestation("ATT-1210", "ENT-1010", "assurance_rc", "2026-01-01", "2026-12-31", av("AV-1701"))

	// Beneficiaries (page 2 of ENT-1009 does not exist).
	c.beneficiaires("ENT-1001", 1, person{"Dupont-Exemple", "Jeanne", "1975-06-02"}, person{"Fictif", "Marc", "1980-11-23"})
	c.beneficiaires("ENT-1002", 1, person{"Lambda", "Sophie", "1969-02-17"}, person{"Témoin", "Louis", "1983-08-09"})
	c.beneficiaires("ENT-1003", 1, person{"Modèle", "Inès", "1977-12-24"})
	c.beneficiaires("ENT-1004", 1, person{"Martin", "Claire Anne", "1979-03-14"}, person{"Exemple", "Paul", "1966-01-30"})
	c.beneficiaires("ENT-1005", 1, person{"Durand-Fictif", "Éric", "1972-04-05"}, person{"Prototype", "Chloé", "1988-10-11"})
	c.beneficiaires("ENT-1006", 1, person{"Essai", "Bernard", "1961-07-19"})
	c.beneficiaires("ENT-1007", 1, person{"Spécimen", "Léa", "1984-05-27"}, person{"Gabarit", "Yves", "1959-09-03"})
	c.beneficiaires("ENT-1008", 1, person{"Ébauche", "Noémie", "1990-03-08"})
	c.beneficiaires("ENT-1009", 1, person{"Brouillon", "Anne", "1974-11-30"})
	c.missing(benefPage("ENT-1009", 2))
	c.beneficiaires("ENT-1010", 1, person{"Calque", "Henri", "1968-06-21"}, person{"Esquisse", "Margot", "1993-01-02"})

	// The public lists of agréés, by activity.
	agree := func(activite string, page int, es ...[3]string) {
		entrees := arr{}
		for _, e := range es {
			entrees = append(entrees, obj{{"entite", ent(e[0])}, {"agrement", agr(e[1])}, {"depuis", e[2]}})
		}
		c.add(fmt.Sprintf("/listes/agrees/%s/page-%d", activite, page), obj{
			{"activite", activite}, {"page", fmt.Sprint(page)}, {"entrees", entrees},
		})
	}
	agree("transport-fonds", 1, [3]string{"ENT-1001", "AGR-1101", "2025-03-01"}, [3]string{"ENT-1002", "AGR-1102", "2024-07-01"}, [3]string{"ENT-1091", "AGR-1191", "2022-01-01"})
	agree("transport-fonds", 2, [3]string{"ENT-1003", "AGR-1103", "2025-09-15"}, [3]string{"ENT-1006", "AGR-1106", "2023-10-21"}, [3]string{"ENT-1007", "AGR-1107", "2026-11-02"})
	agree("courtage-assurance", 1, [3]string{"ENT-1004", "AGR-1104", "2024-01-01"})
	agree("collecte-dechets", 1, [3]string{"ENT-1005", "AGR-1105", "2025-01-01"}, [3]string{"ENT-1009", "AGR-1109", "2024-04-01"})
	agree("collecte-dechets", 2, [3]string{"ENT-1010", "AGR-1110", "2025-06-01"}, [3]string{"ENT-1093", "AGR-1193", "2023-06-01"})

	// The restrictive-measures list.
	mesures := func(page int, es ...[4]string) {
		entrees := arr{}
		for _, e := range es {
			entrees = append(entrees, obj{{"nom", e[0]}, {"prenoms", e[1]}, {"date_naissance", e[2]}, {"mesure", e[3]}})
		}
		c.add(fmt.Sprintf("/listes/mesures-restrictives/page-%d", page), obj{{"page", fmt.Sprint(page)}, {"entrees", entrees}})
	}
	mesures(1,
		[4]string{"Lenoir", "Hugo", "1958-02-11", "gel des avoirs"},
		[4]string{"Exemple", "Sandrine", "1970-07-07", "interdiction de gérer"},
		[4]string{"Fictif", "Marc-Antoine", "1980-11-23", "gel des avoirs"})
	mesures(2,
		[4]string{"Rivière-Exemple", "Odile", "1949-05-30", "interdiction de gérer"},
		[4]string{"Martin", "Claire Anne", "1962-11-02", "gel des avoirs"},
		[4]string{"Témoin", "Louise", "1990-01-15", "gel des avoirs"})
	mesures(3,
		[4]string{"Palimpseste", "Jules", "1955-10-10", "interdiction de gérer"},
		[4]string{"Canevas", "Rose", "1981-04-04", "gel des avoirs"})

	c.add("/referentiel", referentielConformite())
	addSystem(c)

	t := &track{
		name:       conformite,
		bareme:     "conformite-bareme-v3",
		verdicts:   []string{"conforme", "non_conforme", "indeterminable"},
		paramOrder: []string{"entite", "activite", "date_examen"},
		rules:      conformiteRules(),
		corpus:     c,
	}
	newTask := func(id, entite, denomination, activite, date string) *task {
		k := &task{id: id, min: 4, max: 8,
			question:   fmt.Sprintf("L'entité %s (%s) est-elle conforme pour l'activité %s (%s) à la date d'examen %s ?", entite, denomination, activite, libelle(activite), date),
			questionEN: fmt.Sprintf("Is the entity %s (%s) compliant for the activity %s (%s) on the examination date %s?", entite, denomination, activite, label(activite), date),
			params:     map[string]string{"entite": ent(entite), "activite": activite, "date_examen": date}}
		t.tasks = append(t.tasks, k)
		return k
	}
	linkAgr := func(e, a string) fact {
		return fact{"lien-agrement", []claim{form(ent(e), "/agrements/0", agr(a)), form(agr(a), "/entite", ent(e))}}
	}
	linkAtt := func(e, a string) fact {
		return fact{"lien-attestation", []claim{form(ent(e), "/attestations/0", att(a)), form(att(a), "/entite", ent(e))}}
	}
	one := func(id, resPath, field string, v any) fact { return fact{id, []claim{form(resPath, field, v)}} }

	k := newTask("conf-01", "ENT-1001", "Société Exemple Transports SAS", "transport-fonds", "2026-10-12")
	k.verdict, k.family, k.trap = "conforme", familyControl, "contrôle sans piège : agrément et attestation valides, aucun rapprochement sur les listes"
	k.facts = []fact{
		linkAgr("ENT-1001", "AGR-1101"),
		one("statut-agrement", agr("AGR-1101"), "/statut", "actif"),
		one("fin-agrement", agr("AGR-1101"), "/date_fin", "2028-02-29"),
		linkAtt("ENT-1001", "ATT-1201"),
		one("fin-attestation", att("ATT-1201"), "/valide_au", "2026-12-31"),
	}

	k = newTask("conf-02", "ENT-1002", "Exemple Convoyage Sécurisé SARL", "transport-fonds", "2026-10-15")
	k.verdict, k.family, k.trap = "non_conforme", familyP2, "attestation de garantie financière échue le 2026-09-30, avant la date d'examen"
	k.facts = []fact{
		linkAtt("ENT-1002", "ATT-1202"),
		one("type-attestation", att("ATT-1202"), "/type", "garantie_financiere"),
		one("fin-attestation", att("ATT-1202"), "/valide_au", "2026-09-30"),
	}

	k = newTask("conf-03", "ENT-1003", "Fictive Logistique Valeurs SA", "transport-fonds", "2026-10-08")
	k.verdict, k.family, k.trap = "indeterminable", familyP1, "l'attestation ATT-1299 citée par la fiche d'entité n'existe pas"
	k.facts = []fact{
		one("lien-attestation", ent("ENT-1003"), "/attestations/0", att("ATT-1299")),
		one("attestation-absente", att("ATT-1299"), "/existe", false),
	}

	k = newTask("conf-04", "ENT-1004", "Exemple Courtage Conseil SAS", "courtage-assurance", "2026-10-20")
	k.verdict, k.family, k.trap = "conforme", familyP5, "homonyme sur la liste des mesures restrictives (Martin Claire Anne), autre date de naissance"
	k.facts = []fact{
		linkAgr("ENT-1004", "AGR-1104"),
		one("statut-agrement", agr("AGR-1104"), "/statut", "actif"),
		one("fin-agrement", agr("AGR-1104"), "/date_fin", "2027-12-31"),
		linkAtt("ENT-1004", "ATT-1204"),
		one("fin-attestation", att("ATT-1204"), "/valide_au", "2026-12-31"),
		one("naissance-beneficiaire", benefPage("ENT-1004", 1), "/entrees/0/date_naissance", "1979-03-14"),
		one("naissance-liste", "/listes/mesures-restrictives/page-2", "/entrees/1/date_naissance", "1962-11-02"),
	}

	k = newTask("conf-05", "ENT-1005", "Société Fictive Propreté Urbaine SAS", "collecte-dechets", "2026-10-09")
	k.verdict, k.family, k.trap = "non_conforme", familyP4, "l'avenant AV-1501 de l'agrément porte une condition bloquante non levée"
	k.facts = []fact{
		linkAgr("ENT-1005", "AGR-1105"),
		{"lien-avenant", []claim{form(agr("AGR-1105"), "/avenants/0", av("AV-1501")), form(av("AV-1501"), "/document", agr("AGR-1105"))}},
		one("effet-avenant", av("AV-1501"), "/date_effet", "2026-07-01"),
		one("condition-non-levee", av("AV-1501"), "/condition_levee", false),
	}

	k = newTask("conf-06", "ENT-1006", "Exemple Sûreté Transferts SAS", "transport-fonds", "2026-10-20")
	k.verdict, k.family, k.trap = "conforme", familyP5, "agrément prorogé par avenant jusqu'au 2026-10-20, date d'examen : borne incluse"
	k.facts = []fact{
		linkAgr("ENT-1006", "AGR-1106"),
		one("statut-agrement", agr("AGR-1106"), "/statut", "actif"),
		{"lien-avenant", []claim{form(agr("AGR-1106"), "/avenants/0", av("AV-1601")), form(av("AV-1601"), "/document", agr("AGR-1106"))}},
		one("effet-avenant", av("AV-1601"), "/date_effet", "2026-06-15"),
		one("fin-retenue", av("AV-1601"), "/nouvelle_date_fin", "2026-10-20"),
		linkAtt("ENT-1006", "ATT-1206"),
		one("fin-attestation", att("ATT-1206"), "/valide_au", "2027-03-31"),
	}

	k = newTask("conf-07", "ENT-1007", "Exemple Transports Réunis SA", "transport-fonds", "2026-10-14")
	k.verdict, k.family, k.trap = "non_conforme", familyP3, "la fiche d'agrément date le début au 2026-02-01, la liste des agréés ne l'inscrit que depuis le 2026-11-02"
	k.facts = []fact{
		linkAgr("ENT-1007", "AGR-1107"),
		one("debut-agrement", agr("AGR-1107"), "/date_debut", "2026-02-01"),
		one("liste-agrement", "/listes/agrees/transport-fonds/page-2", "/entrees/2/agrement", agr("AGR-1107")),
		one("liste-depuis", "/listes/agrees/transport-fonds/page-2", "/entrees/2/depuis", "2026-11-02"),
	}

	k = newTask("conf-08", "ENT-1008", "Exemple Conseil & Patrimoine SAS", "courtage-assurance", "2026-10-22")
	k.verdict, k.family, k.trap = "non_conforme", familyP5, "l'agrément actif porte sur une autre activité (conseil-patrimonial) que celle de la question"
	k.facts = []fact{
		linkAgr("ENT-1008", "AGR-1108"),
		one("activite-agrement", agr("AGR-1108"), "/activite", "conseil-patrimonial"),
	}

	k = newTask("conf-09", "ENT-1009", "Exemple Recyclage Avenir SAS", "collecte-dechets", "2026-10-16")
	k.verdict, k.family, k.trap = "indeterminable", familyP1, "la page 2 des bénéficiaires citée par la fiche d'entité n'existe pas"
	k.facts = []fact{
		one("lien-beneficiaires", ent("ENT-1009"), "/beneficiaires/1", benefPage("ENT-1009", 2)),
		one("beneficiaires-absents", benefPage("ENT-1009", 2), "/existe", false),
	}

	k = newTask("conf-10", "ENT-1010", "Fictive Collecte Ouest SARL", "collecte-dechets", "2026-10-27")
	k.verdict, k.family, k.trap = "indeterminable", familyP4, "l'avenant AV-1701 de l'attestation porte une condition bloquante dont la levée n'est pas renseignée"
	k.facts = []fact{
		linkAtt("ENT-1010", "ATT-1210"),
		{"lien-avenant", []claim{form(att("ATT-1210"), "/avenants/0", av("AV-1701")), form(av("AV-1701"), "/document", att("ATT-1210"))}},
		one("effet-avenant", av("AV-1701"), "/date_effet", "2026-09-01"),
		one("levee-non-renseignee", av("AV-1701"), "/condition_levee", nil),
	}

	t.finish()
	return t
}

// addSystem adds the three system bodies (§4.1): the corpus's 403 when the
// proxy did not pass the secret, the front end's 503 and 400.
func addSystem(c *corpus) {
	c.add("/_systeme/403", obj{
		{"erreur", "acces_refuse"},
		{"message", "Le corpus ne répond qu'aux appels transmis par le proxy Trust Layer (POST /v1/proxy), qui seul porte l'en-tête X-Challenge-Secret. Un appel direct, ou par un autre hôte, est refusé."},
		{"chemin_correct", "POST /v1/proxy sur Trust Layer, avec la cible canonique publiée au catalogue du corpus"},
	})
	c.add("/_systeme/503", obj{
		{"erreur", "corpus_indisponible"},
		{"message", "Le corpus est momentanément indisponible. Réessayez plus tard ; rien n'a été servi."},
	})
	c.add("/_systeme/400", obj{
		{"erreur", "requete_invalide"},
		{"message", "Le frontal du corpus a refusé la requête."},
	})
}

func referentielConformite() obj {
	exig := arr{}
	for _, a := range activites {
		exig = append(exig, obj{{"activite", a.slug}, {"libelle", a.libelle}, {"attestation_requise", a.attestation}})
	}
	return obj{
		{"titre", "Référentiel de conformité — corpus fictif de la saison " + fmt.Sprint(ed.number) + " (démonstration)"},
		{"avertissement", "Toutes les entités, tous les documents et toutes les personnes de ce corpus sont fictifs. Toute ressemblance avec une organisation ou une personne réelle serait fortuite."},
		{"question", "L'entité E est-elle conforme pour l'activité A à la date d'examen D ?"},
		{"criteres", arr{
			obj{{"id", "R1"}, {"intitule", "Inscription au registre"},
				{"regle", "La fiche d'entité porte statut_registre égal à \"actif\". Toute autre valeur établit le critère faux."}},
			obj{{"id", "R2"}, {"intitule", "Agrément pour l'activité visée"},
				{"regle", "L'entité détient, parmi les agréments que liste sa fiche, un agrément dont activite est l'activité visée, de statut \"actif\", dont la période [date_debut, date de fin retenue] contient la date d'examen. Un agrément pour une autre activité ne satisfait pas le critère : si aucun agrément listé ne porte sur l'activité visée, le critère est établi faux."}},
			obj{{"id", "R3"}, {"intitule", "Attestation requise pour l'activité"},
				{"regle", "L'entité détient, parmi les attestations que liste sa fiche, une attestation du type requis pour l'activité (voir exigences), dont la période [valide_du, date de fin retenue] contient la date d'examen."}},
			obj{{"id", "R4"}, {"intitule", "Mesures restrictives"},
				{"regle", "Aucun bénéficiaire effectif de l'entité, tel que le listent toutes les pages de bénéficiaires citées par sa fiche, ne figure sur la liste des mesures restrictives. Une correspondance exige l'égalité du nom, des prénoms et de la date de naissance : un homonyme né à une autre date n'est pas une correspondance."}},
		}},
		{"exigences", exig},
		{"bornes_de_dates", "Les dates s'écrivent AAAA-MM-JJ. Toutes les bornes sont incluses : un document dont la date de fin retenue est égale à la date d'examen est valide à cette date ; un document dont la date de fin retenue précède la date d'examen est échu, et un document échu établit le critère faux."},
		{"avenants", "Un avenant s'applique au document qu'il désigne (document) et que ce document liste, à compter de sa date_effet (incluse). La date de fin retenue est la nouvelle_date_fin du dernier avenant applicable qui en porte une, sinon la date de fin du document. Un avenant applicable qui porte une condition_bloquante suspend le document : si condition_levee est false, le critère est établi faux ; si condition_levee est null (non renseignée), le critère est non établissable ; si elle est true, la condition est levée."},
		{"sources_concurrentes", "La liste publique des agréés est une seconde source pour R2 : un agrément n'est opposable qu'à compter de la date depuis de son entrée. Quand deux sources se contredisent sur un critère, la source qui établit le critère faux prévaut."},
		{"references_absentes", "Une référence listée par une ressource et qui répond {\"existe\": false} ne permet pas d'établir le critère qui la consomme : ce critère est non établissable. Un champ null est non renseigné."},
		{"precedence", "Un critère établi faux donne non_conforme ; sinon un critère non établissable donne indeterminable ; sinon conforme."},
	}
}
