-- Refuses the statement that calls it: raises SQLSTATE SF001 with the reason as its message, so a write
-- made in one statement that finds it must not happen (an order its wallet cannot pay) undoes all it did.
CREATE FUNCTION sf_refuse(reason text) RETURNS boolean LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION USING ERRCODE = 'SF001', MESSAGE = reason;
END $$;
