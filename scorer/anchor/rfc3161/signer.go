package rfc3161

import (
	"bytes"
	"crypto/sha256"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/asn1"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/ark-forge/proveit/scorer/anchor"
	"github.com/sigstore/sigstore-go/pkg/root"
)

// Checks on the signer certificate: the pinned TSA it belongs to, its EKU
// and the TSTInfo tsa name (its ESS binding: ess.go).

// pinnedTSA finds the first pinned entry under which the signer chains at
// genTime, is the entry's pinned leaf, and genTime is within the window.
// When none passes, the failure is that of the entry that got furthest.
func (t *token) pinnedTSA(genTime time.Time, tsas []root.TimestampingAuthority) (*root.SigstoreTimestampingAuthority, [][]*x509.Certificate, *anchor.Failure) {
	signer := t.signer
	var (
		best      *anchor.Failure
		bestStage = -1
		chainErrs []string
	)
	fail := func(stage int, f *anchor.Failure) {
		if stage > bestStage {
			best, bestStage = f, stage
		}
	}
	for i, ta := range tsas {
		tsa, ok := ta.(*root.SigstoreTimestampingAuthority)
		if !ok || tsa == nil || tsa.Root == nil {
			chainErrs = append(chainErrs, fmt.Sprintf("entry %d (%T) pins no root certificate", i, ta))
			continue
		}
		roots := x509.NewCertPool()
		roots.AddCert(tsa.Root)
		inter := x509.NewCertPool()
		for _, c := range tsa.Intermediates {
			if c != nil {
				inter.AddCert(c)
			}
		}
		for _, c := range t.p7.Certificates {
			inter.AddCert(c)
		}
		chains, err := signer.Verify(x509.VerifyOptions{
			Roots:         roots,
			Intermediates: inter,
			CurrentTime:   genTime,
			KeyUsages:     []x509.ExtKeyUsage{x509.ExtKeyUsageAny}, // the EKU check is ours
		})
		if err != nil {
			chainErrs = append(chainErrs, fmt.Sprintf("root %s (%s): %v", tsa.Root.Subject, tsaLabel(tsa), err))
			continue
		}
		if tsa.Leaf == nil {
			fail(1, anchor.Failf(CheckLeaf,
				"TSA %s pins no leaf certificate (sigstore-go takes the first certificate of certChain as the leaf only when it is not a CA): the signer (sha256 %s) must be a pinned leaf",
				tsaLabel(tsa), fingerprint(signer)))
			continue
		}
		if !tsa.Leaf.Equal(signer) {
			fail(1, anchor.Failf(CheckLeaf,
				"the signer certificate (sha256 %s, serial %v) is not the pinned leaf (sha256 %s, serial %v) of TSA %s",
				fingerprint(signer), signer.SerialNumber, fingerprint(tsa.Leaf), tsa.Leaf.SerialNumber, tsaLabel(tsa)))
			continue
		}
		start, end := tsa.ValidityPeriodStart, tsa.ValidityPeriodEnd
		if (!start.IsZero() && genTime.Before(start)) || (!end.IsZero() && genTime.After(end)) {
			fail(2, anchor.Failf(CheckTSAValidity, "genTime %s is outside the pinned validity window %s to %s of TSA %s",
				stamp(genTime), bound(start, "open"), bound(end, "open"), tsaLabel(tsa)))
			continue
		}
		return tsa, chains, nil
	}
	if best != nil {
		return nil, nil, best
	}
	if len(tsas) == 0 {
		return nil, nil, anchor.Failf(CheckChain, "no TSA is pinned: the trusted root has no timestampAuthorities")
	}
	return nil, nil, anchor.Failf(CheckChain, "the signer %s (issuer %s, sha256 %s) chains at genTime %s to none of the %d pinned TSAs: %s",
		signer.Subject, signer.Issuer, fingerprint(signer), stamp(genTime), len(tsas), strings.Join(chainErrs, "; "))
}

func tsaLabel(tsa *root.SigstoreTimestampingAuthority) string {
	if tsa.URI != "" {
		return tsa.URI
	}
	if tsa.Leaf != nil {
		return tsa.Leaf.Subject.String()
	}
	return tsa.Root.Subject.String()
}

func bound(t time.Time, open string) string {
	if t.IsZero() {
		return open
	}
	return stamp(t)
}

// checkEKU: the signer's EKU is id-kp-timeStamping alone, critical; the
// intermediates of some verified chain allow it.
func checkEKU(signer *x509.Certificate, chains [][]*x509.Certificate) *anchor.Failure {
	var ext *pkix.Extension
	for i := range signer.Extensions {
		if signer.Extensions[i].Id.Equal(oidExtKeyUsage) {
			ext = &signer.Extensions[i]
			break
		}
	}
	if ext == nil {
		return anchor.Failf(CheckEKU,
			"the signer certificate %s has no extended key usage extension; RFC 3161 §2.3 wants id-kp-timeStamping alone, critical", signer.Subject)
	}
	usages := ekuNames(signer)
	if len(signer.ExtKeyUsage) != 1 || signer.ExtKeyUsage[0] != x509.ExtKeyUsageTimeStamping || len(signer.UnknownExtKeyUsage) > 0 {
		return anchor.Failf(CheckEKU, "the signer certificate's extended key usage is [%s], RFC 3161 §2.3 wants exactly [timeStamping]",
			strings.Join(usages, ", "))
	}
	if !ext.Critical {
		return anchor.Failf(CheckEKU, "the signer certificate's extended key usage [%s] is not marked critical; RFC 3161 §2.3 wants it critical",
			strings.Join(usages, ", "))
	}
	var problem string
	for _, chain := range chains {
		problem = ""
		if len(chain) < 3 {
			return nil // no intermediate: the signer is the root or is under it
		}
		for _, c := range chain[1 : len(chain)-1] {
			if len(c.ExtKeyUsage) == 0 && len(c.UnknownExtKeyUsage) == 0 {
				continue
			}
			if !slices.Contains(c.ExtKeyUsage, x509.ExtKeyUsageTimeStamping) && !slices.Contains(c.ExtKeyUsage, x509.ExtKeyUsageAny) {
				problem = fmt.Sprintf("intermediate %s restricts its extended key usage to [%s], without timeStamping",
					c.Subject, strings.Join(ekuNames(c), ", "))
				break
			}
		}
		if problem == "" {
			return nil
		}
	}
	if problem != "" {
		return anchor.Failf(CheckEKU, "%s", problem)
	}
	return nil
}

var ekuName = map[x509.ExtKeyUsage]string{
	x509.ExtKeyUsageAny:             "any",
	x509.ExtKeyUsageServerAuth:      "serverAuth",
	x509.ExtKeyUsageClientAuth:      "clientAuth",
	x509.ExtKeyUsageCodeSigning:     "codeSigning",
	x509.ExtKeyUsageEmailProtection: "emailProtection",
	x509.ExtKeyUsageTimeStamping:    "timeStamping",
	x509.ExtKeyUsageOCSPSigning:     "OCSPSigning",
}

func ekuNames(c *x509.Certificate) []string {
	var s []string
	for _, u := range c.ExtKeyUsage {
		if n, ok := ekuName[u]; ok {
			s = append(s, n)
		} else {
			s = append(s, fmt.Sprintf("eku(%d)", u))
		}
	}
	for _, o := range c.UnknownExtKeyUsage {
		s = append(s, o.String())
	}
	return s
}

// checkTSAName: the TSTInfo tsa field, a [0] EXPLICIT GeneralName, names
// the signer (RFC 3161 §2.4.2).
func checkTSAName(tsa asn1.RawValue, signer *x509.Certificate) *anchor.Failure {
	if len(tsa.FullBytes) == 0 {
		return nil
	}
	var gn asn1.RawValue
	if rest, err := asn1.Unmarshal(tsa.Bytes, &gn); err != nil || len(rest) > 0 || !tsa.IsCompound {
		return anchor.Failf(CheckTSAName, "the TSTInfo tsa field is not a GeneralName")
	}
	if gn.Class == asn1.ClassContextSpecific && gn.Tag == 4 && gn.IsCompound {
		if bytes.Equal(gn.Bytes, signer.RawSubject) || strings.EqualFold(rawName(gn.Bytes), signer.Subject.String()) {
			return nil
		}
		return anchor.Failf(CheckTSAName, "the TSTInfo tsa field names %s, the signer certificate's subject is %s",
			rawName(gn.Bytes), signer.Subject)
	}
	for _, e := range signer.Extensions {
		if !e.Id.Equal(oidExtSubjectAltName) {
			continue
		}
		var seq asn1.RawValue
		if _, err := asn1.Unmarshal(e.Value, &seq); err != nil {
			break
		}
		for rest := seq.Bytes; len(rest) > 0; {
			var san asn1.RawValue
			var err error
			if rest, err = asn1.Unmarshal(rest, &san); err != nil {
				break
			}
			if bytes.Equal(san.FullBytes, gn.FullBytes) {
				return nil
			}
		}
	}
	return anchor.Failf(CheckTSAName, "the TSTInfo tsa field is general name [%d] %q, not among the signer certificate's subject alternative names",
		gn.Tag, printable(gn.Bytes))
}

func printable(b []byte) string {
	if len(b) > 64 {
		b = b[:64]
	}
	return strings.ToValidUTF8(string(b), "?")
}

// fingerprint is the lowercase hex SHA-256 of a certificate's DER.
func fingerprint(c *x509.Certificate) string {
	sum := sha256.Sum256(c.Raw)
	return hex.EncodeToString(sum[:])
}
