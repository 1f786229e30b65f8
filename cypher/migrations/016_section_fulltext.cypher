// Full-text over the headings of Markdown sections: search_code with include: ["documents"] ranks
// sections by their titles beside the semantic ranking of their text.
CREATE FULLTEXT INDEX section_text IF NOT EXISTS FOR (n:Section) ON EACH [n.title];
