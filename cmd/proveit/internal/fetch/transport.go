package fetch

import (
	"bytes"
	"context"
	"io"
	"net/http"
)

// roundTrip sends the request and reads the body of a 200 within its bound
// (of another status, at most 64 KiB, discarded).
func (r *runner) roundTrip(ctx context.Context, ex exchange) (int, http.Header, []byte, error) {
	return r.roundTripTo(ctx, r.base, ex)
}

// roundTripTo is roundTrip to another base URL (the Rekor log's).
func (r *runner) roundTripTo(ctx context.Context, base string, ex exchange) (int, http.Header, []byte, error) {
	var body io.Reader
	if ex.body != nil {
		body = bytes.NewReader(ex.body)
	}
	req, err := http.NewRequestWithContext(ctx, ex.method, base+ex.path, body)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", userAgent)
	if ex.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := r.c.httpClient().Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		io.Copy(io.Discard, io.LimitReader(resp.Body, 64<<10))
		return resp.StatusCode, resp.Header, nil, nil
	}
	data, err := readBounded(resp, ex.limit)
	return resp.StatusCode, resp.Header, data, err
}

// readBounded reads a body of at most limit bytes, refusing a longer one
// (declared or read) and one cut short.
func readBounded(resp *http.Response, limit int64) ([]byte, error) {
	if resp.ContentLength > limit {
		return nil, &bodyError{TooLarge: true, Limit: limit, Declared: resp.ContentLength}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, limit+1))
	if err != nil {
		return nil, &bodyError{Declared: resp.ContentLength, Got: int64(len(data)), Err: err}
	}
	if int64(len(data)) > limit {
		return nil, &bodyError{TooLarge: true, Limit: limit, Declared: resp.ContentLength}
	}
	if resp.ContentLength >= 0 && int64(len(data)) != resp.ContentLength {
		return nil, &bodyError{Declared: resp.ContentLength, Got: int64(len(data)), Err: io.ErrUnexpectedEOF}
	}
	return data, nil
}
