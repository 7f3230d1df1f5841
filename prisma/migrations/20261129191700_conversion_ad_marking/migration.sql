-- An HLS conversion asks for the ad-marking identifiers its VIDEO creative
-- needs (KKTU code, person, ER id) and keeps them until the job creates the
-- creative. Conversions started before carry none: their creatives show that
-- they need identifiers until someone edits them (nobody knows the values).
ALTER TABLE "MediaConversion" ADD COLUMN "kktuCode" TEXT,
ADD COLUMN "person" TEXT,
ADD COLUMN "erId" TEXT;
