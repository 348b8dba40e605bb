package account

import (
	"context"
	"time"
)

// CountUpload records that userID is uploading a picture (a photo or a tour picture)
// and refuses it with a *TooManyAttemptsError (429) past MaxUploadsPerMinute within a
// minute. Decoding an upload can take seconds of CPU and hundreds of megabytes, so one
// account must not keep the decode slots busy. Called before the upload is read.
func (s *Service) CountUpload(ctx context.Context, userID string) error {
	_, err := s.beginAttemptWithin(ctx, time.Minute, func(retry time.Duration) error {
		return &TooManyAttemptsError{RetryAfter: retry, Message: "You are uploading pictures too quickly. Please try again in %s."}
	}, limit{key: "upload:" + userID, max: s.maxUploads})
	return err
}
