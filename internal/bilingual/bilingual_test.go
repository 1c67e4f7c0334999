package bilingual

import "testing"

func TestText(t *testing.T) {
	for _, c := range []struct {
		t             Text
		fr, en, blank string
		zero          bool
	}{
		{Text{FR: "Saison", EN: "Season"}, "Saison", "Season", "", false},
		{Text{FR: " \t", EN: "Season"}, " \t", "Season", "fr", false},
		{Text{FR: "Saison", EN: "\n"}, "Saison", "\n", "en", false},
		{Text{EN: "Season"}, "", "Season", "fr", false},
		{Text{}, "", "", "fr", true},
	} {
		if got := c.t.In("fr"); got != c.fr {
			t.Errorf("%+v.In(fr) = %q, want %q", c.t, got, c.fr)
		}
		if got := c.t.In("en"); got != c.en {
			t.Errorf("%+v.In(en) = %q, want %q", c.t, got, c.en)
		}
		if got := c.t.In("de"); got != "" {
			t.Errorf("%+v.In(de) = %q, want \"\"", c.t, got)
		}
		if got := c.t.Blank(); got != c.blank {
			t.Errorf("%+v.Blank() = %q, want %q", c.t, got, c.blank)
		}
		if got := c.t.IsZero(); got != c.zero {
			t.Errorf("%+v.IsZero() = %t, want %t", c.t, got, c.zero)
		}
	}
}
