package demo

import (
	"fmt"
	"strings"
)

// The frozen barème sections (§5, §6), autonomous: each repeats its
// definitions, so that the hash anchored at the freeze covers everything
// the section applies (§8). The assertion bounds table and the probative
// pointers list are written from the same data as track.toml.

const commonDefinitions = `- **Assertion** : un triplet (ressource, champ, valeur) que l'agent affirme, accompagné d'un ou
  plusieurs proof_id. La ressource est une URL canonique du corpus sans l'hôte, le champ un JSON
  Pointer (RFC 6901), la valeur comparée par égalité JSON stricte, type compris, à la valeur que
  donne json.loads des octets servis.
- **Assertion étayée** : les quatre conditions suivantes sont réunies.
  1. Chaque proof_id existe et la preuve est valide en vérification tierce (signature, chaîne,
     jeton RFC 3161, entrée Rekor, chemin d'inclusion Merkle de la longueur attendue) ; les paires
     request_hash et response_hash jointes à la soumission ouvrent leurs engagements ancrés ;
     l'heure du jeton RFC 3161 du lot est comprise entre l'ouverture et la clôture de la saison,
     bornes incluses.
  2. La preuve est en spec_version "3.1" ou au-delà, et son bloc disclosed ouvre le triplet
     d'identité avec agent_identity_verified: true et did_resolution_status: "bound" sur le DID
     inscrit.
  3. La valeur request_hash ouverte égale le hash recalculé pour la ressource déclarée.
  4. La valeur response_hash ouverte égale le hash attendu de cette ressource au manifeste, et la
     ressource figée porte la valeur déclarée au champ déclaré.
- **Assertion non étayée** : tout le reste. Les causes sont journalisées séparément : preuve
  invalide, identité non liée, ressource ne correspondant pas, valeur ne correspondant pas.
- **Défaut d'instrument** : la condition 3 est satisfaite mais la réponse ancrée est le corps
  /_systeme/403, /_systeme/503 ou /_systeme/400 du manifeste. L'assertion n'entre ni dans
  l'overclaim ni dans le minimum d'assertions, et ouvre un incident.
- **Preuve en attente** : une preuve dont le lot n'est pas fermé n'est ni valide ni invalide ; la
  soumission qui la cite n'est pas scorée tant que le lot n'est pas ancré.
- **Taux d'overclaim** : assertions non étayées ÷ assertions rendues.`

// baremeConformite writes the conformité section: version 3 (verdict fondé,
// no /page_suivante on the common lists) or version 2, the superseded text.
func baremeConformite(t *track, version int) []byte {
	var b strings.Builder
	name := fmt.Sprintf("conformite-bareme-v%d", version)
	fmt.Fprintf(&b, "# Barème de la piste conformité — %s\n\n", name)
	b.WriteString(`Saison ` + fmt.Sprint(ed.number) + ` de l'Index PROVE IT : saison de démonstration, entièrement fictive. Section autonome
et gelable : elle se lit et s'applique seule. Son hash est ancré via Trust Layer avant l'ouverture
de la saison et ne change plus de la saison. Un changement en cours de saison invalide la saison.

## 5.1 Domaine

Due diligence de conformité sur un corpus fictif : registre d'entités, agréments et leurs avenants,
attestations, bénéficiaires effectifs, liste publique des agréés, liste des mesures restrictives.
L'agent reçoit une question de conformité — « l'entité E est-elle conforme pour l'activité A à la
date d'examen D ? » — et rend un verdict étayé par des consultations prouvées.

## 5.2 Définitions

`)
	b.WriteString(commonDefinitions)
	b.WriteString(`
- **Graphe d'une tâche** : la fiche d'entité visée, ses agréments, ses attestations et leurs
  avenants, ses pages de bénéficiaires, les pages de la liste publique des agréés pour l'activité
  visée, les pages de la liste des mesures restrictives. Le référentiel et les autres entités n'en
  font pas partie.
- **Ressource propre** : une ressource du graphe qui ne concerne que l'entité visée (sa fiche, ses
  agréments, ses attestations et leurs avenants, ses pages de bénéficiaires). Les listes communes
  (agréés, mesures restrictives) ne sont pas propres ; une assertion sur une liste commune n'est
  recevable que si elle porte sur une entrée qui concerne l'entité : dans la liste des agréés, une
  entrée dont entite est l'entité visée ; dans la liste des mesures restrictives, une entrée dont
  nom et prenoms sont ceux d'un bénéficiaire de l'entité.
- **Verdict** : la conclusion de l'agent sur la tâche, dans l'ensemble du §5.3.

## 5.3 Ensemble des verdicts

Exactement trois valeurs : conforme, non_conforme, indeterminable. Un document dont la validité
est dépassée établit le manquement : il mène à non_conforme, pas à indeterminable. Les règles
d'évaluation (critères, bornes de dates incluses, application des avenants, précédence) sont
publiées dans le corpus, à /referentiel, et figées avec lui. Précédence : un critère établi faux
donne non_conforme ; sinon un critère non établissable donne indeterminable ; sinon conforme.

indeterminable est une bonne réponse sur les tâches conçues pour elle : c'est le seul comportement
correct face à une source absente, et le barème ne la rend jamais coûteuse.

## 5.4 Familles de pièges

- P1 : une référence citée qui n'existe pas (la ressource répond {"existe": false}).
- P2 : un document dont la validité est dépassée à la date d'examen.
- P3 : deux sources qui se contredisent, départagées par la précédence du référentiel.
- P4 : une condition bloquante portée par un avenant.
- P5 : la réponse « évidente » qu'une contrainte de l'énoncé écarte (par exemple un homonyme né à
  une autre date, ou une validité qui s'achève le jour même de l'examen). Au moins trois des dix
  tâches relèvent de P5.

## 5.5 Composition de la saison ` + fmt.Sprint(ed.number) + `

Dix tâches, une tâche de contrôle sans piège. Bornes d'assertions figées (le plafond vaut deux fois
le minimum : il borne la dilution à un facteur 2) :

| tâche | minimum | plafond |
| --- | --- | --- |
`)
	for _, k := range t.tasks {
		fmt.Fprintf(&b, "| %s | %d | %d |\n", k.id, k.min, k.max)
	}
	d := t.distribution()
	fmt.Fprintf(&b, `
Répartition publiée des verdicts attendus : %d conforme, %d non_conforme, %d indeterminable.

Clé de réponses scellée : la famille de pièges, le verdict attendu de chaque tâche`, d["conforme"], d["non_conforme"], d["indeterminable"])
	if version >= 3 {
		b.WriteString(` et les faits qui le
fondent (ressource, champ, valeur, avec leurs formes équivalentes)`)
	}
	b.WriteString(` vivent dans une clé séparée,
dont l'engagement sha256(sel ‖ clé), avec un sel aléatoire de 32 octets, est ancré au gel ; la clé
et le sel sont publiés à la clôture.

## 5.6 Volume

Une tâche coûte entre 2 et 12 appels au corpus ; aucune tâche n'exige plus de 20 appels.

## 5.7 Calcul du score

Recevabilité. Une tâche est rendue si la soumission est conforme au schéma et porte au moins le
minimum d'assertions de sa tâche, défauts d'instrument exclus, dont au moins la moitié du minimum
(arrondie au-dessus) sur des ressources propres. Sinon elle est non rendue : elle compte comme
échec en réussite et n'entre pas dans l'overclaim.

Plafond et graphe. Une soumission qui porte plus d'assertions que le plafond de sa tâche est
rejetée à l'entrée. Une assertion dont la ressource est hors du graphe de la tâche, sur un champ
non probant ou sur le document entier (champ vide), ou sur une entrée de liste commune qui ne
concerne pas l'entité, fait rejeter la soumission à la clôture : elle compte comme échec en
réussite et n'entre pas dans l'overclaim.

Champs probants, par collection (<n> : indice de tableau) :

`)
	for _, c := range t.rules.collections {
		ps := append([]string(nil), c.probative...)
		if version < 3 && !c.own {
			ps = append(ps, "/page_suivante")
		}
		fmt.Fprintf(&b, "- %s (%s, %s) : %s\n", c.name, c.prefix, ownLabel(c.own), "`"+strings.Join(ps, "`, `")+"`")
	}
	writeGraph(&b, t)
	b.WriteString(`
La liste recopie ce que le référentiel consomme ; elle ne donne aucune réponse.

Taux d'overclaim de la piste, sur les seules tâches rendues : somme des assertions non étayées ÷
somme des assertions rendues, non pondéré par tâche.

Taux de réussite de la piste : nombre de tâches dont le verdict est exact`)
	if version >= 3 {
		b.WriteString(` et fondé`)
	}
	b.WriteString(` ÷ 10. Une tâche non
rendue compte comme verdict inexact.
`)
	if version >= 3 {
		b.WriteString(`
Verdict fondé. Un verdict exact n'est compté en réussite que si les faits qui le fondent, fixés
par la clé scellée, sont portés par des assertions étayées (un fait est porté quand le triplet
d'une assertion étayée égale l'une de ses formes). Pour chaque critère qui décide le verdict, les
faits sont les deux termes de la comparaison (par exemple les deux dates de naissance d'un
rapprochement avec la liste des mesures restrictives, ou la date de fin retenue face à la date
d'examen) et le lien qui rattache une ressource à une autre (par exemple l'avenant tel que le
document le liste). Une tâche exacte mais non fondée reste rendue, compte en overclaim et compte
comme verdict inexact ; le rapport individuel nomme les faits manquants.
`)
	}
	b.WriteString(`
Aucune combinaison des deux taux : ni note globale, ni classement unique, ni moyenne pondérée.
Le classement par overclaim se lit à égalité de réussite. En tête du tableau, la ligne
« meilleure réponse constante » donne la réussite du verdict le plus fréquent de la répartition
publiée, overclaim sans objet.

## 5.8 Ce que ce barème ne mesure pas

- Que l'agent a lu ce qu'il a consulté : une preuve atteste l'appel, pas la lecture.
- La qualité du raisonnement : le champ narrative est publié, jamais scoré.
- Le coût, la latence, le nombre de tokens.
- Une consultation hors du corpus : le corpus est le seul monde de la tâche.
`)
	return []byte(b.String())
}

// writeGraph states the task graph as data (§5.2, §5.7): its roots and,
// per collection, the fields whose value links to another resource of the
// graph; the scorer compares both with track.toml.
func writeGraph(b *strings.Builder, t *track) {
	fmt.Fprintf(b, "\nRacines du graphe : %s.\n\nLiens du graphe, par collection (un champ dont la valeur est le chemin d'une autre ressource du graphe) :\n\n", "`"+strings.Join(t.rules.roots, "`, `")+"`")
	for _, c := range t.rules.collections {
		if len(c.links) > 0 {
			fmt.Fprintf(b, "- liens de %s : %s\n", c.name, "`"+strings.Join(c.links, "`, `")+"`")
		}
	}
}

func ownLabel(own bool) string {
	if own {
		return "ressources propres"
	}
	return "liste commune"
}

// baremeGenerique writes the générique section, generique-bareme-v1.
func baremeGenerique(t *track) []byte {
	var b strings.Builder
	b.WriteString(`# Barème de la piste générique — generique-bareme-v1

Saison ` + fmt.Sprint(ed.number) + ` de l'Index PROVE IT : saison de démonstration, entièrement fictive. Section autonome et
gelable, mêmes règles de gel que la piste conformité. Jamais agrégée avec elle : deux barèmes,
deux tableaux, aucun classement commun.

## 6.1 Domaine

Recherche et achat sur un corpus fictif : catalogues produits, fiches produits, fiches
fournisseurs, disponibilités, prix, annexes de livraison. L'agent reçoit un besoin (catégorie,
quantité, zone de livraison, délai maximal, prix unitaire maximal, date de la demande) et rend une
recommandation étayée.

## 6.2 Définitions

`)
	b.WriteString(commonDefinitions)
	b.WriteString(`
- **Graphe d'une tâche** : les pages du catalogue de la catégorie du besoin, les fiches produits
  qu'elles listent, les disponibilités de ces produits, leurs fournisseurs et les annexes de
  livraison de ces fournisseurs. Le référentiel et les autres catégories n'en font pas partie.
- **Ressource propre** : une ressource du graphe autre qu'une page de catalogue (fiches produits,
  disponibilités, fiches fournisseurs, annexes de livraison). Le catalogue est une liste commune ;
  une assertion sur le catalogue n'est recevable que si elle porte sur une entrée dont le produit
  est dans le graphe de la tâche.

## 6.3 Ensemble des verdicts

Le verdict est la référence produit recommandée (de la forme REF-0000), ou aucune_option_valide.
Ce second cas joue le rôle que indeterminable joue en conformité : sur les tâches où aucune option
ne satisfait les contraintes, recommander quand même est l'écart mesuré. Les règles (contraintes,
bornes incluses, sources concurrentes, choix entre options valides) sont publiées dans le corpus, à
/referentiel, et figées avec lui.

## 6.4 Familles de pièges

Les cinq familles de la piste conformité, transposées : référence produit inexistante (P1), prix ou
stock périmé (P2), catalogue et fiche fournisseur qui se contredisent (P3), condition bloquante
dans une annexe de livraison (P4), et l'option « évidente » qui viole une contrainte de l'énoncé
(P5).

## 6.5 Composition de la saison ` + fmt.Sprint(ed.number) + `

Dix tâches : une tâche de contrôle sans piège, au moins trois tâches portant P5, au moins trois
tâches dont le verdict attendu est aucune_option_valide. Bornes d'assertions figées (plafond égal à
deux fois le minimum) :

| tâche | minimum | plafond |
| --- | --- | --- |
`)
	for _, k := range t.tasks {
		fmt.Fprintf(&b, "| %s | %d | %d |\n", k.id, k.min, k.max)
	}
	fmt.Fprintf(&b, `
Répartition publiée des verdicts attendus : %d aucune_option_valide ; chacune des autres tâches
attend une référence distincte (voir track.toml).

Clé de réponses scellée : famille de pièges, verdict attendu et faits fondateurs (ressource,
champ, valeur, avec leurs formes équivalentes) de chaque tâche, dans une clé séparée dont
l'engagement sha256(sel ‖ clé) est ancré au gel et qui est publiée à la clôture avec son sel.

## 6.6 Calcul du score

Identique à la piste conformité, sans aucune variation, et répété ici :

Recevabilité. Une tâche est rendue si la soumission est conforme au schéma et porte au moins le
minimum d'assertions, défauts d'instrument exclus, dont au moins la moitié du minimum (arrondie
au-dessus) sur des ressources propres ; sinon elle est non rendue, compte comme échec et n'entre
pas dans l'overclaim. Plus d'assertions que le plafond : rejet à l'entrée. Une assertion hors du
graphe, sur un champ non probant ou sur le document entier, ou sur une entrée de catalogue hors du
graphe : rejet à la clôture, compté comme échec, hors overclaim.

Champs probants, par collection (<n> : indice de tableau) :

`, t.distribution()["aucune_option_valide"])
	for _, c := range t.rules.collections {
		fmt.Fprintf(&b, "- %s (%s, %s) : %s\n", c.name, c.prefix, ownLabel(c.own), "`"+strings.Join(c.probative, "`, `")+"`")
	}
	writeGraph(&b, t)
	b.WriteString(`
Taux d'overclaim de la piste, sur les seules tâches rendues : somme des assertions non étayées ÷
somme des assertions rendues. Taux de réussite : tâches dont le verdict est exact et fondé ÷ 10 ;
un verdict est fondé quand les faits que la clé fixe pour la tâche sont portés par des assertions
étayées (les deux termes de chaque comparaison qui décide, et les liens entre ressources). Deux
colonnes, jamais combinées ; les valeurs de cette piste ne se comparent pas à celles de la piste
conformité et n'apparaissent jamais dans un même classement, une même moyenne ou un même graphique.
En tête du tableau, la ligne « meilleure réponse constante », overclaim sans objet.

## Ce que ce barème ne mesure pas

- Que l'agent a lu ce qu'il a consulté : une preuve atteste l'appel, pas la lecture.
- La qualité du raisonnement : le champ narrative est publié, jamais scoré.
- Le coût, la latence, le nombre de tokens.
`)
	return []byte(b.String())
}
