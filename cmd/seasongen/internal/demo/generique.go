package demo

import "fmt"

// The générique corpus of the demo season (§6): catalogue pages
// per category, product sheets, suppliers, availabilities and delivery
// annexes, all fictional.

func generiqueRules() *rules {
	return &rules{
		roots: []string{"/catalogue/{categorie}/page-1"},
		collections: []*collection{
			{name: "catalogue", prefix: "/catalogue/", own: false, pages: "/catalogue/{categorie}/page-", entries: "/entrees",
				links:     []string{"/entrees/<n>/produit"},
				probative: []string{"/entrees/<n>/produit", "/entrees/<n>/fournisseur", "/entrees/<n>/prix_catalogue", "/entrees/<n>/delai_annonce_jours"},
				concerns:  &concerns{kind: "linked", field: "produit"}},
			{name: "produits", prefix: "/produits/", own: true,
				links:     []string{"/fournisseur", "/disponibilite"},
				probative: []string{"/reference", "/categorie", "/fournisseur", "/prix", "/prix_valide_au", "/disponibilite", "/existe"}},
			{name: "fournisseurs", prefix: "/fournisseurs/", own: true,
				links:     []string{"/annexe_livraison"},
				probative: []string{"/statut", "/delai_livraison_jours", "/zones_livraison/<n>", "/annexe_livraison", "/existe"}},
			{name: "disponibilites", prefix: "/disponibilites/", own: true,
				probative: []string{"/produit", "/stock", "/quantite_disponible", "/valide_au", "/existe"}},
			{name: "livraison", prefix: "/livraison/", own: true,
				probative: []string{"/fournisseur", "/minimum_commande", "/conditions/<n>/objet", "/conditions/<n>/zone", "/conditions/<n>/bloquant", "/conditions/<n>/du", "/conditions/<n>/au", "/existe"}},
		},
	}
}

type productDef struct {
	ref, categorie, designation, fournisseur, prix, prixValideAu string
	stock, quantite, dispoValideAu                               string
}

type supplierDef struct {
	id, raisonSociale, statut, delai string
	zones                            []string
	minimum                          string
	conditions                       []conditionDef
}

type conditionDef struct {
	objet, zone string
	bloquant    bool
	du, au      any
}

var categories = []struct{ slug, libelle, label string }{
	{"sieges-ergonomiques", "sièges de bureau ergonomiques", "ergonomic office chairs"},
	{"ecrans-27-pouces", "écrans 27 pouces", "27-inch monitors"},
	{"toner-laser", "cartouches de toner laser", "laser toner cartridges"},
	{"gants-nitrile", "gants en nitrile (boîtes de 100)", "nitrile gloves (boxes of 100)"},
	{"palettes-bois", "palettes en bois", "wooden pallets"},
}

// categoryLabel is the category's name in English.
func categoryLabel(slug string) string {
	for _, c := range categories {
		if c.slug == slug {
			return c.label
		}
	}
	return slug
}

// zoneLabels are the delivery zones' names in English.
var zoneLabels = map[string]string{"France métropolitaine": "mainland France", "Corse": "Corsica", "Guadeloupe": "Guadeloupe"}

func categorieLibelle(slug string) string {
	for _, c := range categories {
		if c.slug == slug {
			return c.libelle
		}
	}
	return slug
}

func generiqueTrack() *track {
	c := newCorpus()
	prod := func(ref string) string { return "/produits/" + ref }
	four := func(id string) string { return "/fournisseurs/" + id }
	dispo := func(ref string) string { return "/disponibilites/" + ref }
	annexe := func(id string) string { return "/livraison/" + id + "/annexe" }

	products := []productDef{
		{"REF-1101", "sieges-ergonomiques", "Siège ergonomique maille, accoudoirs 4D", "F-101", "189.00", "2026-12-31", "disponible", "150", "2026-10-31"},
		{"REF-1102", "sieges-ergonomiques", "Siège ergonomique tissu, soutien lombaire", "F-102", "205.00", "2026-12-31", "disponible", "35", "2026-10-31"},
		{"REF-1103", "sieges-ergonomiques", "Siège ergonomique cuir synthétique, têtière", "F-103", "240.00", "2026-12-31", "disponible", "80", "2026-10-31"},
		{"REF-2101", "ecrans-27-pouces", "Écran 27 pouces QHD, pied réglable", "F-201", "219.00", "2026-10-09", "disponible", "60", "2026-10-31"},
		{"REF-2102", "ecrans-27-pouces", "Écran 27 pouces 4K, hub USB-C", "F-202", "249.00", "2026-12-31", "disponible", "25", "2026-10-31"},
		{"REF-3101", "toner-laser", "Toner noir haute capacité, modèle générique « Exemple »", "F-301", "64.90", "2026-12-31", "disponible", "500", "2026-10-31"},
		{"REF-3102", "toner-laser", "Toner noir capacité standard", "F-302", "71.50", "2026-12-31", "rupture", "0", "2026-10-31"},
		{"REF-3103", "toner-laser", "Toner noir recyclé", "F-303", "58.00", "2026-12-31", "disponible", "40", "2026-10-31"},
		{"REF-4101", "gants-nitrile", "Gants nitrile non poudrés, taille M, boîte de 100", "F-401", "7.20", "2026-12-31", "disponible", "2000", "2026-10-31"},
		{"REF-4102", "gants-nitrile", "Gants nitrile renforcés, taille M, boîte de 100", "F-402", "8.10", "2026-12-31", "disponible", "900", "2026-10-16"},
		{"REF-5101", "palettes-bois", "Palette bois 1200 × 800, traitée NIMP 15", "F-501", "11.40", "2026-12-31", "disponible", "5000", "2026-10-31"},
		{"REF-5102", "palettes-bois", "Palette bois 1200 × 800, reconditionnée", "F-502", "12.90", "2026-12-31", "disponible", "1200", "2026-10-31"},
		{"REF-5103", "palettes-bois", "Palette bois 1200 × 1000, neuve", "F-503", "13.50", "2026-12-31", "disponible", "200", "2026-10-31"},
	}
	fm := "France métropolitaine"
	suppliers := []supplierDef{
		{"F-101", "Exemple Mobilier Pro SAS", "actif", "6", []string{fm, "Corse"}, "10",
			[]conditionDef{{"Livraisons vers la Corse suspendues jusqu'au 2026-12-01 (rupture de la liaison logistique)", "Corse", true, "2026-09-15", "2026-12-01"}}},
		{"F-102", "Fictif Bureau Direct SARL", "actif", "8", []string{fm}, "1", nil},
		{"F-103", "Société Exemple Assise SA", "actif", "12", []string{fm, "Corse"}, "5", nil},
		{"F-201", "Exemple Écrans Distribution SAS", "actif", "5", []string{fm}, "1", nil},
		{"F-202", "Fictive Vision SARL", "actif", "7", []string{fm, "Belgique"}, "1", nil},
		{"F-301", "Exemple Consommables SAS", "actif", "9", []string{fm}, "10", nil},
		{"F-302", "Toner Fictif & Cie SARL", "actif", "3", []string{fm}, "1", nil},
		{"F-303", "Société Exemple Impression SA", "actif", "4", []string{fm}, "1", nil},
		{"F-401", "Exemple Protection SAS", "actif", "4", []string{fm}, "20", nil},
		{"F-402", "Fictif Outre-Mer Fournitures SARL", "actif", "6", []string{fm, "Guadeloupe", "Martinique"}, "50", nil},
		{"F-501", "Exemple Palettes SAS", "actif", "7", []string{fm}, "500", nil},
		{"F-502", "Fictive Logistique Bois SARL", "actif", "3", []string{fm}, "50", []conditionDef{
			{"Livraisons suspendues pendant l'inventaire annuel", "toutes", true, "2026-10-26", "2026-11-06"}}},
		{"F-503", "Société Exemple Emballage SA", "actif", "5", []string{fm}, "20", nil},
	}
	delai := map[string]string{}
	for _, s := range suppliers {
		delai[s.id] = s.delai
		c.add(four(s.id), obj{
			{"raison_sociale", s.raisonSociale},
			{"siege", "Adresse fictive, France"},
			{"statut", s.statut},
			{"delai_livraison_jours", s.delai},
			{"zones_livraison", strs(s.zones)},
			{"annexe_livraison", annexe(s.id)},
		})
		conds := arr{}
		for _, k := range s.conditions {
			conds = append(conds, obj{{"objet", k.objet}, {"zone", k.zone}, {"bloquant", k.bloquant}, {"du", k.du}, {"au", k.au}})
		}
		c.add(annexe(s.id), obj{
			{"fournisseur", four(s.id)},
			{"minimum_commande", s.minimum},
			{"conditions", conds},
		})
	}
	byRef := map[string]productDef{}
	for _, p := range products {
		byRef[p.ref] = p
		c.add(prod(p.ref), obj{
			{"reference", p.ref},
			{"designation", p.designation},
			{"categorie", p.categorie},
			{"fournisseur", four(p.fournisseur)},
			{"prix", p.prix},
			{"devise", "EUR"},
			{"prix_valide_au", p.prixValideAu},
			{"disponibilite", dispo(p.ref)},
		})
		c.add(dispo(p.ref), obj{
			{"produit", prod(p.ref)},
			{"stock", p.stock},
			{"quantite_disponible", p.quantite},
			{"releve_le", "2026-09-30"},
			{"valide_au", p.dispoValideAu},
		})
	}
	c.missing(prod("REF-2199"))

	// Catalogue pages: entries link products. REF-2199 is listed but does
	// not exist; REF-3101's announced delay contradicts its supplier's.
	entry := func(ref, prix, fournisseur, delaiAnnonce string) obj {
		d := "Référence en promotion"
		if p, ok := byRef[ref]; ok {
			d = p.designation
		}
		return obj{{"produit", prod(ref)}, {"designation", d}, {"fournisseur", four(fournisseur)}, {"prix_catalogue", prix}, {"delai_annonce_jours", delaiAnnonce}}
	}
	std := func(ref string) obj {
		p := byRef[ref]
		return entry(ref, p.prix, p.fournisseur, delai[p.fournisseur])
	}
	page := func(cat string, n int, es ...obj) {
		a := arr{}
		for _, e := range es {
			a = append(a, e)
		}
		c.add(fmt.Sprintf("/catalogue/%s/page-%d", cat, n), obj{{"categorie", cat}, {"page", fmt.Sprint(n)}, {"entrees", a}})
	}
	page("sieges-ergonomiques", 1, std("REF-1101"), std("REF-1102"))
	page("sieges-ergonomiques", 2, std("REF-1103"))
	page("ecrans-27-pouces", 1, entry("REF-2199", "149.00", "F-201", "5"), std("REF-2101"), std("REF-2102"))
	page("toner-laser", 1, entry("REF-3101", "64.90", "F-301", "2"), std("REF-3102"), std("REF-3103"))
	page("gants-nitrile", 1, std("REF-4101"), std("REF-4102"))
	page("palettes-bois", 1, std("REF-5101"), std("REF-5102"), std("REF-5103"))

	c.add("/referentiel", referentielGenerique())
	addSystem(c)

	t := &track{
		name:       generique,
		bareme:     "generique-bareme-v1",
		verdicts:   []string{"aucune_option_valide"},
		pattern:    "REF-[0-9]{4}",
		paramOrder: []string{"categorie", "quantite", "zone_livraison", "date_demande", "delai_max_jours", "prix_unitaire_max"},
		rules:      generiqueRules(),
		corpus:     c,
	}
	newTask := func(id, cat, quantite, zone, date, delaiMax, prixMax string) *task {
		k := &task{id: id, min: 4, max: 8,
			question: fmt.Sprintf("Quelle référence recommander pour %s %s, livrés en %s sous %s jours au plus, à %s EUR l'unité au plus, pour une demande du %s ?",
				quantite, categorieLibelle(cat), zone, delaiMax, prixMax, date),
			questionEN: fmt.Sprintf("Which reference should be recommended for %s %s, delivered to %s within %s days at most, at no more than EUR %s per unit, for a request dated %s?",
				quantite, categoryLabel(cat), zoneLabel(zone), delaiMax, prixMax, date),
			params: map[string]string{"categorie": cat, "quantite": quantite, "zone_livraison": zone, "date_demande": date, "delai_max_jours": delaiMax, "prix_unitaire_max": prixMax}}
		t.tasks = append(t.tasks, k)
		return k
	}
	cat := func(c string, n int) string { return fmt.Sprintf("/catalogue/%s/page-%d", c, n) }
	one := func(id, resPath, field string, v any) fact { return fact{id, []claim{form(resPath, field, v)}} }
	// A price the catalogue states equal to the sheet: two equivalent forms.
	price := func(id, ref, catPage string, index int) fact {
		p := byRef[ref]
		return fact{id, []claim{form(prod(ref), "/prix", p.prix), form(catPage, fmt.Sprintf("/entrees/%d/prix_catalogue", index), p.prix)}}
	}
	// A delay the catalogue announces equal to the supplier's sheet.
	delay := func(id, fournisseur, catPage string, index int) fact {
		return fact{id, []claim{form(four(fournisseur), "/delai_livraison_jours", delai[fournisseur]), form(catPage, fmt.Sprintf("/entrees/%d/delai_annonce_jours", index), delai[fournisseur])}}
	}

	k := newTask("gen-01", "sieges-ergonomiques", "20", fm, "2026-10-07", "10", "220.00")
	k.verdict, k.family, k.trap = "REF-1101", familyControl, "contrôle sans piège : l'option la moins chère satisfait toutes les contraintes"
	k.facts = []fact{
		price("prix-retenu", "REF-1101", cat("sieges-ergonomiques", 1), 0),
		one("stock-retenu", dispo("REF-1101"), "/quantite_disponible", "150"),
		delay("delai-retenu", "F-101", cat("sieges-ergonomiques", 1), 0),
		price("prix-concurrent", "REF-1102", cat("sieges-ergonomiques", 1), 1),
	}

	k = newTask("gen-02", "sieges-ergonomiques", "30", "Corse", "2026-10-19", "14", "260.00")
	k.verdict, k.family, k.trap = "REF-1103", familyP4, "l'annexe de livraison du fournisseur de REF-1101 suspend les livraisons vers la Corse"
	k.facts = []fact{
		one("condition-zone", annexe("F-101"), "/conditions/0/zone", "Corse"),
		one("condition-bloquante", annexe("F-101"), "/conditions/0/bloquant", true),
		price("prix-retenu", "REF-1103", cat("sieges-ergonomiques", 2), 0),
		one("stock-retenu", dispo("REF-1103"), "/quantite_disponible", "80"),
		delay("delai-retenu", "F-103", cat("sieges-ergonomiques", 2), 0),
	}

	k = newTask("gen-03", "ecrans-27-pouces", "10", fm, "2026-10-05", "10", "260.00")
	k.verdict, k.family, k.trap = "REF-2101", familyP1, "la référence en promotion REF-2199 du catalogue n'existe pas"
	k.facts = []fact{
		one("reference-citee", cat("ecrans-27-pouces", 1), "/entrees/0/produit", prod("REF-2199")),
		one("reference-absente", prod("REF-2199"), "/existe", false),
		price("prix-retenu", "REF-2101", cat("ecrans-27-pouces", 1), 1),
		one("prix-valide", prod("REF-2101"), "/prix_valide_au", "2026-10-09"),
		price("prix-concurrent", "REF-2102", cat("ecrans-27-pouces", 1), 2),
	}

	k = newTask("gen-04", "ecrans-27-pouces", "20", fm, "2026-10-16", "10", "240.00")
	k.verdict, k.family, k.trap = "aucune_option_valide", familyP2, "le prix de REF-2101 n'est valide que jusqu'au 2026-10-09 ; REF-2102 dépasse le prix maximal ; REF-2199 n'existe pas"
	k.facts = []fact{
		one("prix-perime", prod("REF-2101"), "/prix_valide_au", "2026-10-09"),
		price("prix-hors-budget", "REF-2102", cat("ecrans-27-pouces", 1), 2),
		one("reference-absente", prod("REF-2199"), "/existe", false),
	}

	k = newTask("gen-05", "toner-laser", "60", fm, "2026-10-13", "5", "80.00")
	k.verdict, k.family, k.trap = "aucune_option_valide", familyP3, "le catalogue annonce 2 jours pour REF-3101, la fiche fournisseur 9 ; les deux autres options manquent de stock"
	k.facts = []fact{
		one("delai-annonce", cat("toner-laser", 1), "/entrees/0/delai_annonce_jours", "2"),
		one("delai-fournisseur", four("F-301"), "/delai_livraison_jours", "9"),
		one("rupture", dispo("REF-3102"), "/stock", "rupture"),
		one("stock-insuffisant", dispo("REF-3103"), "/quantite_disponible", "40"),
	}

	k = newTask("gen-06", "toner-laser", "50", fm, "2026-10-21", "10", "70.00")
	k.verdict, k.family, k.trap = "REF-3101", familyP5, "l'option la moins chère, REF-3103, n'a que 40 unités pour 50 demandées"
	k.facts = []fact{
		one("stock-evident", dispo("REF-3103"), "/quantite_disponible", "40"),
		price("prix-retenu", "REF-3101", cat("toner-laser", 1), 0),
		one("stock-retenu", dispo("REF-3101"), "/quantite_disponible", "500"),
		one("delai-retenu", four("F-301"), "/delai_livraison_jours", "9"),
	}

	k = newTask("gen-07", "gants-nitrile", "300", "Guadeloupe", "2026-10-14", "10", "9.00")
	k.verdict, k.family, k.trap = "REF-4102", familyP5, "l'option la moins chère, REF-4101, n'est pas livrée en Guadeloupe"
	k.facts = []fact{
		one("zone-evidente", four("F-401"), "/zones_livraison/0", fm),
		one("zone-retenue", four("F-402"), "/zones_livraison/1", "Guadeloupe"),
		price("prix-retenu", "REF-4102", cat("gants-nitrile", 1), 1),
		one("stock-retenu", dispo("REF-4102"), "/quantite_disponible", "900"),
	}

	k = newTask("gen-08", "gants-nitrile", "200", "Guadeloupe", "2026-10-23", "10", "9.00")
	k.verdict, k.family, k.trap = "aucune_option_valide", familyP2, "la disponibilité de REF-4102 n'est valide que jusqu'au 2026-10-16 ; REF-4101 n'est pas livrée en Guadeloupe"
	k.facts = []fact{
		one("stock-perime", dispo("REF-4102"), "/valide_au", "2026-10-16"),
		one("zone-exclue", four("F-401"), "/zones_livraison/0", fm),
	}

	k = newTask("gen-09", "palettes-bois", "200", fm, "2026-10-08", "5", "14.00")
	k.verdict, k.family, k.trap = "REF-5102", familyP5, "l'option la moins chère, REF-5101, est livrée en 7 jours pour 5 demandés (et exige 500 unités)"
	k.facts = []fact{
		delay("delai-evident", "F-501", cat("palettes-bois", 1), 0),
		price("prix-retenu", "REF-5102", cat("palettes-bois", 1), 1),
		one("stock-retenu", dispo("REF-5102"), "/quantite_disponible", "1200"),
		one("condition-debut", annexe("F-502"), "/conditions/0/du", "2026-10-26"),
	}

	k = newTask("gen-10", "palettes-bois", "250", fm, "2026-10-28", "8", "14.00")
	k.verdict, k.family, k.trap = "aucune_option_valide", familyP4, "minimum de commande de 500 chez F-501, inventaire bloquant chez F-502, stock de 200 pour REF-5103"
	k.facts = []fact{
		one("minimum-commande", annexe("F-501"), "/minimum_commande", "500"),
		one("condition-bloquante", annexe("F-502"), "/conditions/0/bloquant", true),
		one("condition-debut", annexe("F-502"), "/conditions/0/du", "2026-10-26"),
		one("condition-fin", annexe("F-502"), "/conditions/0/au", "2026-11-06"),
		one("stock-insuffisant", dispo("REF-5103"), "/quantite_disponible", "200"),
	}

	t.finish()
	return t
}

func referentielGenerique() obj {
	return obj{
		{"titre", "Référentiel d'achat — corpus fictif de la saison " + fmt.Sprint(ed.number) + " (démonstration)"},
		{"avertissement", "Tous les produits, fournisseurs et prix de ce corpus sont fictifs. Toute ressemblance avec une organisation réelle serait fortuite."},
		{"question", "Quelle référence recommander pour le besoin B ?"},
		{"options", "Les options d'un besoin sont les produits que listent les pages du catalogue de sa catégorie."},
		{"contraintes", arr{
			obj{{"id", "G1"}, {"intitule", "Existence"}, {"regle", "La fiche produit existe (elle ne répond pas {\"existe\": false}) et sa categorie est celle du besoin."}},
			obj{{"id", "G2"}, {"intitule", "Prix"}, {"regle", "Le prix de la fiche produit est inférieur ou égal au prix unitaire maximal, et prix_valide_au est postérieur ou égal à la date de la demande. Un prix dont la validité est dépassée est périmé : il n'établit pas la contrainte."}},
			obj{{"id", "G3"}, {"intitule", "Disponibilité"}, {"regle", "La disponibilité du produit porte stock égal à \"disponible\", quantite_disponible supérieure ou égale à la quantité demandée, et valide_au postérieure ou égale à la date de la demande. Une disponibilité périmée n'établit pas la contrainte."}},
			obj{{"id", "G4"}, {"intitule", "Fournisseur"}, {"regle", "Le fournisseur du produit a le statut \"actif\", livre la zone demandée (zones_livraison) et son délai de livraison est inférieur ou égal au délai maximal."}},
			obj{{"id", "G5"}, {"intitule", "Annexe de livraison"}, {"regle", "L'annexe de livraison du fournisseur ne porte aucune condition bloquante applicable : une condition bloquant = true s'applique quand sa zone est la zone demandée ou \"toutes\" et que la date de la demande est comprise entre du et au (bornes incluses ; null : sans borne). Le minimum de commande doit être inférieur ou égal à la quantité demandée."}},
		}},
		{"nombres", "Les montants, quantités et délais s'écrivent en chaînes décimales (\"189.00\", \"20\") et se comparent comme des nombres. Les dates s'écrivent AAAA-MM-JJ ; toutes les bornes sont incluses."},
		{"sources_concurrentes", "Le catalogue annonce des prix et des délais ; la fiche produit et la fiche fournisseur sont les sources primaires. Quand deux sources se contredisent sur une contrainte, la source qui établit la contrainte non satisfaite prévaut."},
		{"references_absentes", "Une référence qui répond {\"existe\": false} n'est pas une option valide."},
		{"choix", "Une option est valide si chaque contrainte est établie satisfaite. Recommander l'option valide au prix le plus bas ; à prix égal, la plus petite référence. Si aucune option n'est valide, rendre aucune_option_valide."},
	}
}

// zoneLabel is the delivery zone's name in English; a zone without one
// stops the generation rather than write French on the English pages.
func zoneLabel(zone string) string {
	l, ok := zoneLabels[zone]
	if !ok {
		panic("demo: no English name for the delivery zone " + zone)
	}
	return l
}
