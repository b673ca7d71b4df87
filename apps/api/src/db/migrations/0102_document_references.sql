-- Documents that requests rely on (issue 21). Before a document is deleted the files module asks
-- whether a standing claim or leave request refers to it, and its list marks those as not
-- deletable: both look the document up by id. The expenses foreign key (ON DELETE SET NULL) also
-- searches expenses by receipt on every document delete. Without these, each was a scan of the
-- company's claims or leave requests.
CREATE INDEX expenses_receipt_document ON expenses (receipt_document_id) WHERE receipt_document_id IS NOT NULL;
CREATE INDEX leave_requests_document ON leave_requests (document_id) WHERE document_id IS NOT NULL;
