-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateEnum
CREATE TYPE "OidcClient" AS ENUM ('GOOGLE', 'OKTA');

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('RO', 'DEMO', 'RW');

-- CreateEnum
CREATE TYPE "GeoType" AS ENUM ('COUNTRY', 'STATE', 'CITY');

-- CreateEnum
CREATE TYPE "Platform" AS ENUM ('ANDROID', 'IOS');

-- CreateEnum
CREATE TYPE "SettingType" AS ENUM ('STRING', 'BOOLEAN', 'JSON');

-- CreateEnum
CREATE TYPE "PixelType" AS ENUM ('VIEW_CONV', 'CLICK_CONV', 'HYBRID_CONV');

-- CreateEnum
CREATE TYPE "FeedSourceType" AS ENUM ('FILE', 'FTP', 'SFTP');

-- CreateEnum
CREATE TYPE "FeedFormat" AS ENUM ('XML', 'CSV', 'TSV', 'ZIP');

-- CreateEnum
CREATE TYPE "FeedStatus" AS ENUM ('PROCESSING', 'COMPLETED', 'FAILED');

-- CreateEnum
CREATE TYPE "AudienceSource" AS ENUM ('WEBSITE', 'MOBILE', 'DMP', 'LOOK_ALIKE');

-- CreateEnum
CREATE TYPE "AudienceKind" AS ENUM ('MMP_RULE', 'CRM', 'IP_BACKFILL');

-- CreateEnum
CREATE TYPE "DeviceIdentifier" AS ENUM ('ADID', 'IP');

-- CreateEnum
CREATE TYPE "ConsentType" AS ENUM ('BOTH', 'OPTED_IN', 'OPTED_OUT');

-- CreateEnum
CREATE TYPE "LookAlikeStatus" AS ENUM ('IN_PROCESSING', 'LIVE', 'FAILED');

-- CreateEnum
CREATE TYPE "BackfillSchedule" AS ENUM ('ONCE', 'DAILY', 'WEEKLY');

-- CreateEnum
CREATE TYPE "RemoteProtocol" AS ENUM ('FTP', 'SFTP', 'SSH', 'HTTP', 'HTTPS', 'FTPS');

-- CreateEnum
CREATE TYPE "RemoteEncoding" AS ENUM ('NONE', 'MD5', 'SHA256');

-- CreateEnum
CREATE TYPE "RemoteCompression" AS ENUM ('NONE', 'ZIP', 'GZIP');

-- CreateEnum
CREATE TYPE "CampaignObjective" AS ENUM ('WEBSITE', 'MOBILE_APP_INSTALLS', 'MOBILE_APP_ENGAGEMENT', 'BRAND_AWARENESS');

-- CreateEnum
CREATE TYPE "PricingType" AS ENUM ('CPM', 'CPC', 'CPA', 'MARGIN', 'CPI', 'REV_SHARE');

-- CreateEnum
CREATE TYPE "StrategyType" AS ENUM ('MULTI_DEVICE', 'CTV_OTT');

-- CreateEnum
CREATE TYPE "CreativeType" AS ENUM ('IMAGE', 'VIDEO', 'NATIVE_ICON', 'ZIPPED_HTML', 'NATIVE_IMAGE', 'NATIVE_VIDEO', 'THIRD_PARTY_AD_TAGS', 'THIRD_PARTY_VIDEO_AD_TAGS', 'DYNAMIC_MACRO', 'DYNAMIC_HTML', 'DYNAMIC_VIDEO', 'HYBRID_STATIC_AD', 'HYBRID_DYNAMIC_AD', 'CTV_VIDEO', 'PLAYABLE');

-- CreateEnum
CREATE TYPE "ConvType" AS ENUM ('INSTALL', 'RE_ENGAGS', 'CONV', 'CLICKS');

-- CreateEnum
CREATE TYPE "RuleState" AS ENUM ('RUNNING', 'STOPPED');

-- CreateEnum
CREATE TYPE "ExperimentStatus" AS ENUM ('DRAFT', 'RUNNING', 'PAUSED', 'COMPLETED');

-- CreateEnum
CREATE TYPE "EntityType" AS ENUM ('ADVERTISER', 'CAMPAIGN', 'STRATEGY', 'PIXEL', 'CLICK_DESTINATION', 'WEB_AUDIENCE', 'APP_AUDIENCE', 'DMP_AUDIENCE', 'LAL_AUDIENCE', 'CREATIVE', 'CREATIVE_SET', 'CATALOG_FEED', 'ADVERTISER_SETTING', 'APP_SETTING', 'STRATEGY_TEMPLATE', 'OPTIMIZATION_RULE', 'EXPERIMENT', 'PREFERENCE_PRESET', 'USER', 'API_KEY');

-- CreateEnum
CREATE TYPE "AuditAction" AS ENUM ('CREATE', 'UPDATE', 'ACTIVATE', 'DEACTIVATE', 'ARCHIVE', 'DELETE');

-- CreateEnum
CREATE TYPE "NotificationType" AS ENUM ('ACTIONABLE', 'INFO');

-- CreateTable
CREATE TABLE "Licensee" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "currencyCode" VARCHAR(3) NOT NULL DEFAULT 'USD',
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Licensee_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Theme" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "subDomain" TEXT NOT NULL,
    "pageTitle" TEXT NOT NULL,
    "logoLg" TEXT NOT NULL,
    "logoSm" TEXT NOT NULL,
    "favIcon" TEXT NOT NULL,
    "palette" INTEGER NOT NULL DEFAULT 1,
    "oidcClient" "OidcClient" NOT NULL DEFAULT 'GOOGLE',
    "oidcClientId" TEXT,
    "oidcIssuer" TEXT,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Theme_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "User" (
    "id" SERIAL NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "passwordHash" TEXT,
    "twoFactorEnabled" BOOLEAN NOT NULL DEFAULT false,
    "forcePasswordChange" BOOLEAN NOT NULL DEFAULT false,
    "canChangeSecret" BOOLEAN NOT NULL DEFAULT true,
    "disabled" BOOLEAN NOT NULL DEFAULT false,
    "sessionVersion" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "User_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Membership" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "role" "Role" NOT NULL,
    "canSwitch" BOOLEAN NOT NULL DEFAULT false,
    "isDefault" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Membership_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OidcIdentity" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "provider" "OidcClient" NOT NULL,
    "issuer" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OidcIdentity_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ApiKey" (
    "id" SERIAL NOT NULL,
    "userId" INTEGER NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "prefix" VARCHAR(16) NOT NULL,
    "keyHash" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastUsedAt" TIMESTAMPTZ(3),
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "ApiKey_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "OtpChallenge" (
    "id" TEXT NOT NULL,
    "userId" INTEGER NOT NULL,
    "codeHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "consumedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "OtpChallenge_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "LoginThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL DEFAULT 0,
    "windowStart" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "LoginThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "UserSettings" (
    "userId" INTEGER NOT NULL,
    "timezoneId" INTEGER NOT NULL DEFAULT 805,
    "selectedPresetId" INTEGER,
    "dateRange" JSONB,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "UserSettings_pkey" PRIMARY KEY ("userId")
);

-- CreateTable
CREATE TABLE "Timezone" (
    "id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "ianaName" TEXT NOT NULL,

    CONSTRAINT "Timezone_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Geo" (
    "id" SERIAL NOT NULL,
    "type" "GeoType" NOT NULL,
    "name" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "parentId" INTEGER,

    CONSTRAINT "Geo_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InventorySite" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "domain" TEXT NOT NULL,

    CONSTRAINT "InventorySite_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InventoryApp" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "packageName" TEXT NOT NULL,
    "platform" "Platform" NOT NULL,
    "category" TEXT,

    CONSTRAINT "InventoryApp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Aggregator" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,

    CONSTRAINT "Aggregator_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Deal" (
    "id" SERIAL NOT NULL,
    "dealId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "exchange" TEXT NOT NULL,

    CONSTRAINT "Deal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Advertiser" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "domain" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "subCategory" TEXT,
    "currencyCode" VARCHAR(3) NOT NULL,
    "language" TEXT NOT NULL,
    "isDirect" BOOLEAN NOT NULL DEFAULT true,
    "androidPhoneBundle" TEXT,
    "iosPhoneBundle" TEXT,
    "declaredWebUrl" TEXT,
    "declaredAndroidUrl" TEXT,
    "declaredIosUrl" TEXT,
    "androidDeeplink" TEXT,
    "iosDeeplink" TEXT,
    "contactEmail" TEXT NOT NULL,
    "contactAddress" TEXT NOT NULL,
    "region" TEXT NOT NULL,
    "timezoneId" INTEGER NOT NULL DEFAULT 805,
    "mmp" TEXT,
    "logoUrl" TEXT,
    "cohortEnabled" BOOLEAN NOT NULL DEFAULT false,
    "exchangeRate" DECIMAL(18,6) NOT NULL DEFAULT 1,
    "cohortCurrencyCode" VARCHAR(3) NOT NULL DEFAULT 'USD',
    "dynamicVideoEnabled" BOOLEAN NOT NULL DEFAULT false,
    "dynamicVideo" JSONB,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Advertiser_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AdvertiserSetting" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "type" "SettingType" NOT NULL,
    "value" TEXT NOT NULL,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "AdvertiserSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AppSetting" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "type" TEXT NOT NULL DEFAULT 'string',
    "value" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "width" INTEGER,
    "height" INTEGER,
    "properties" JSONB,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "AppSetting_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Pixel" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" "PixelType" NOT NULL,
    "viewValidityWindow" INTEGER NOT NULL DEFAULT 5184000,
    "clickValidityWindow" INTEGER NOT NULL DEFAULT 5184000,
    "userFcap" INTEGER NOT NULL DEFAULT -1,
    "fcapDuration" INTEGER NOT NULL DEFAULT -1,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Pixel_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PixelFire" (
    "id" BIGSERIAL NOT NULL,
    "pixelId" INTEGER NOT NULL,
    "firedAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "value" DECIMAL(18,6),
    "orderId" VARCHAR(128),

    CONSTRAINT "PixelFire_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClickDestination" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "mmpParams" JSONB NOT NULL DEFAULT '[]',
    "active" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "ClickDestination_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogFeed" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "sourceType" "FeedSourceType" NOT NULL,
    "format" "FeedFormat" NOT NULL,
    "sourceUrl" TEXT,
    "storedFilePath" TEXT,
    "updateFrequencyHours" INTEGER NOT NULL DEFAULT 24,
    "lastSuccessAt" TIMESTAMPTZ(3),
    "lastProcessStatus" TEXT,
    "updateStatus" "FeedStatus" NOT NULL DEFAULT 'PROCESSING',
    "nextRunAt" TIMESTAMPTZ(3),
    "totalLines" INTEGER NOT NULL DEFAULT 0,
    "parsedLines" INTEGER NOT NULL DEFAULT 0,
    "errorLines" INTEGER NOT NULL DEFAULT 0,
    "itemsImported" INTEGER NOT NULL DEFAULT 0,
    "itemsTotal" INTEGER NOT NULL DEFAULT 0,
    "successRate" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "qualityScore" DECIMAL(7,4) NOT NULL DEFAULT 0,
    "variablesMapped" INTEGER NOT NULL DEFAULT 0,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "CatalogFeed_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VariableMapping" (
    "id" SERIAL NOT NULL,
    "feedId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "variablePath" TEXT NOT NULL,
    "standardVariable" TEXT,
    "description" TEXT,
    "samples" TEXT[],
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "VariableMapping_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CatalogItem" (
    "id" BIGSERIAL NOT NULL,
    "feedId" INTEGER NOT NULL,
    "externalId" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "CatalogItem_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Audience" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "description" TEXT,
    "source" "AudienceSource" NOT NULL,
    "kind" "AudienceKind" NOT NULL DEFAULT 'MMP_RULE',
    "deviceIdentifier" "DeviceIdentifier" NOT NULL DEFAULT 'ADID',
    "consentType" "ConsentType" NOT NULL DEFAULT 'BOTH',
    "osTypeId" INTEGER,
    "userExpiryDays" INTEGER NOT NULL DEFAULT 30,
    "totalUU" BIGINT NOT NULL DEFAULT 0,
    "dailyUU" BIGINT NOT NULL DEFAULT 0,
    "backfilledUU" BIGINT NOT NULL DEFAULT 0,
    "lookAlikeStatus" "LookAlikeStatus",
    "seedAudienceId" INTEGER,
    "dmpSegment" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Audience_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AudienceRule" (
    "id" SERIAL NOT NULL,
    "audienceId" INTEGER NOT NULL,
    "groupIndex" INTEGER NOT NULL,
    "filterId" INTEGER NOT NULL,
    "operatorId" INTEGER NOT NULL,
    "value" TEXT NOT NULL,
    "duration" INTEGER NOT NULL DEFAULT 30,
    "durationUnit" TEXT NOT NULL DEFAULT 'DAY',
    "queryName" TEXT,
    "status" BOOLEAN NOT NULL DEFAULT true,

    CONSTRAINT "AudienceRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AudienceBackfillRule" (
    "id" SERIAL NOT NULL,
    "audienceId" INTEGER NOT NULL,
    "query" TEXT NOT NULL,
    "schedule" "BackfillSchedule" NOT NULL DEFAULT 'ONCE',
    "targetedEvents" TEXT[],
    "excludedEvents" TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AudienceBackfillRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AudienceRemoteSchedule" (
    "id" SERIAL NOT NULL,
    "audienceId" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "protocol" "RemoteProtocol" NOT NULL,
    "encoding" "RemoteEncoding" NOT NULL DEFAULT 'NONE',
    "compression" "RemoteCompression" NOT NULL DEFAULT 'NONE',
    "frequencyValue" INTEGER NOT NULL DEFAULT 14,
    "frequencyUnit" TEXT NOT NULL DEFAULT 'DAY',
    "username" TEXT,
    "lastSyncAt" TIMESTAMPTZ(3),

    CONSTRAINT "AudienceRemoteSchedule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Campaign" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "name" VARCHAR(100) NOT NULL,
    "objective" "CampaignObjective" NOT NULL,
    "isRetargeting" BOOLEAN NOT NULL DEFAULT false,
    "pixelId" INTEGER,
    "startTime" TIMESTAMPTZ(3) NOT NULL,
    "endTime" TIMESTAMPTZ(3),
    "pricingType" "PricingType" NOT NULL,
    "pricingValue" DECIMAL(18,6) NOT NULL,
    "lifetimeBudget" DECIMAL(18,6),
    "lifetimeDeliveryCap" BIGINT,
    "dailyBudget" DECIMAL(18,6),
    "deltaDaily" DECIMAL(18,6),
    "dailyDeliveryCap" BIGINT,
    "dailyAdvSpendBudget" DECIMAL(18,6),
    "dailyFcap" INTEGER,
    "dailyFcapHours" INTEGER,
    "lifetimeUserFcap" INTEGER,
    "userFcapDuration" INTEGER,
    "attributionRatio" DECIMAL(5,2),
    "cpaTarget" DECIMAL(18,6),
    "cpiTarget" DECIMAL(18,6),
    "roiTarget" DECIMAL(18,6),
    "budgetPacing" BOOLEAN NOT NULL DEFAULT false,
    "flowRate" DECIMAL(9,4),
    "placeboAds" BOOLEAN NOT NULL DEFAULT false,
    "skadTarget" BOOLEAN NOT NULL DEFAULT false,
    "incrementalityTest" BOOLEAN NOT NULL DEFAULT false,
    "currencyCode" VARCHAR(3) NOT NULL,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Strategy" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "type" "StrategyType" NOT NULL,
    "startTime" TIMESTAMPTZ(3) NOT NULL,
    "endTime" TIMESTAMPTZ(3),
    "campaignFcap" BOOLEAN NOT NULL DEFAULT true,
    "fcapFrequency" INTEGER,
    "fcapInterval" INTEGER,
    "lifetimeUserFcap" INTEGER,
    "trackingParameter" TEXT,
    "skadOptimised" BOOLEAN NOT NULL DEFAULT false,
    "skOverlayPosition" TEXT,
    "budgetValue" DECIMAL(18,6),
    "dailyAdvSpendBudget" DECIMAL(18,6),
    "pacingBudgetValue" DECIMAL(18,6),
    "pacingTypeId" INTEGER NOT NULL DEFAULT 6,
    "pricingType" "PricingType" NOT NULL,
    "pricingValue" DECIMAL(18,6) NOT NULL,
    "bidPercentage" DECIMAL(9,4),
    "bidCapMin" DECIMAL(18,6),
    "bidCapMax" DECIMAL(18,6),
    "isBargainerActive" BOOLEAN NOT NULL DEFAULT false,
    "deltaMediaBudget" DECIMAL(18,6),
    "resetTimeDeltaMediaBudget" TIMESTAMPTZ(3),
    "spillover" BOOLEAN NOT NULL DEFAULT false,
    "boostBidPrice" DECIMAL(18,6),
    "isAbTestStrategy" BOOLEAN NOT NULL DEFAULT false,
    "productSelectionPolicy" TEXT,
    "inventory" JSONB NOT NULL DEFAULT '{}',
    "targeting" JSONB NOT NULL DEFAULT '{}',
    "productFeedTargeting" JSONB,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Strategy_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "StrategyPixel" (
    "strategyId" INTEGER NOT NULL,
    "pixelId" INTEGER NOT NULL,

    CONSTRAINT "StrategyPixel_pkey" PRIMARY KEY ("strategyId","pixelId")
);

-- CreateTable
CREATE TABLE "StrategyTemplate" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "templateName" TEXT NOT NULL,
    "description" TEXT,
    "goal" TEXT NOT NULL,
    "settings" JSONB NOT NULL,
    "totalUsage" INTEGER NOT NULL DEFAULT 0,
    "createdById" INTEGER NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "StrategyTemplate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreativeSet" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "clickDestinationId" INTEGER,
    "name" TEXT NOT NULL,
    "type" "CreativeType" NOT NULL,
    "timezoneId" INTEGER NOT NULL DEFAULT 805,
    "dailyMediaBudget" DECIMAL(18,6),
    "startTime" TIMESTAMPTZ(3),
    "endTime" TIMESTAMPTZ(3),
    "dcoAd" BOOLEAN NOT NULL DEFAULT false,
    "isPlacebo" BOOLEAN NOT NULL DEFAULT false,
    "sizes" TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT false,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "CreativeSet_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Creative" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "clickDestinationId" INTEGER,
    "name" TEXT NOT NULL,
    "type" "CreativeType" NOT NULL,
    "width" INTEGER NOT NULL,
    "height" INTEGER NOT NULL,
    "isDco" BOOLEAN NOT NULL DEFAULT false,
    "fileUrl" TEXT,
    "kktuCode" TEXT,
    "person" TEXT,
    "erId" TEXT,
    "active" BOOLEAN NOT NULL DEFAULT true,
    "isArchived" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Creative_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CreativeSetCreative" (
    "creativeSetId" INTEGER NOT NULL,
    "creativeId" INTEGER NOT NULL,

    CONSTRAINT "CreativeSetCreative_pkey" PRIMARY KEY ("creativeSetId","creativeId")
);

-- CreateTable
CREATE TABLE "StrategyCreativeSet" (
    "strategyId" INTEGER NOT NULL,
    "creativeSetId" INTEGER NOT NULL,

    CONSTRAINT "StrategyCreativeSet_pkey" PRIMARY KEY ("strategyId","creativeSetId")
);

-- CreateTable
CREATE TABLE "StrategyCreative" (
    "strategyId" INTEGER NOT NULL,
    "creativeId" INTEGER NOT NULL,

    CONSTRAINT "StrategyCreative_pkey" PRIMARY KEY ("strategyId","creativeId")
);

-- CreateTable
CREATE TABLE "OptimizationRule" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "strategyId" INTEGER NOT NULL,
    "spend" DECIMAL(18,6),
    "imps" INTEGER,
    "clicks" INTEGER,
    "convs" INTEGER NOT NULL,
    "convType" "ConvType" NOT NULL DEFAULT 'INSTALL',
    "durationDays" INTEGER NOT NULL,
    "refreshRateDays" INTEGER,
    "state" "RuleState",
    "lastRunAt" TIMESTAMPTZ(3),
    "active" BOOLEAN NOT NULL DEFAULT true,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "OptimizationRule_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RuleAuditLog" (
    "id" BIGSERIAL NOT NULL,
    "ruleId" INTEGER NOT NULL,
    "appId" INTEGER NOT NULL,
    "spend" DECIMAL(18,6) NOT NULL,
    "imps" BIGINT NOT NULL,
    "clicks" BIGINT NOT NULL,
    "convs" BIGINT NOT NULL,
    "runAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "RuleAuditLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "NeverBlockApp" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "strategyId" INTEGER NOT NULL,
    "appId" INTEGER NOT NULL,

    CONSTRAINT "NeverBlockApp_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Experiment" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "status" "ExperimentStatus" NOT NULL DEFAULT 'DRAFT',
    "startTime" TIMESTAMPTZ(3) NOT NULL,
    "endTime" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "Experiment_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ExperimentArm" (
    "id" SERIAL NOT NULL,
    "experimentId" INTEGER NOT NULL,
    "strategyId" INTEGER NOT NULL,
    "trafficPercent" INTEGER NOT NULL,

    CONSTRAINT "ExperimentArm_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivityLog" (
    "id" BIGSERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "userId" INTEGER,
    "userName" TEXT NOT NULL,
    "action" "AuditAction" NOT NULL,
    "message" TEXT NOT NULL,
    "entityType" "EntityType" NOT NULL,
    "entityId" INTEGER NOT NULL,
    "entityName" TEXT NOT NULL,
    "entityAdvertiserId" INTEGER,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ActivityLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ActivityLogField" (
    "id" BIGSERIAL NOT NULL,
    "logId" BIGINT NOT NULL,
    "fieldName" TEXT NOT NULL,
    "oldValue" TEXT,
    "newValue" TEXT,

    CONSTRAINT "ActivityLogField_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Notification" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "userId" INTEGER NOT NULL,
    "type" "NotificationType" NOT NULL,
    "entityType" "EntityType" NOT NULL,
    "entityId" INTEGER NOT NULL,
    "entityName" TEXT NOT NULL,
    "content" TEXT NOT NULL,
    "icon" TEXT NOT NULL,
    "dedupeKey" TEXT NOT NULL,
    "resolved" BOOLEAN NOT NULL DEFAULT false,
    "seen" BOOLEAN NOT NULL DEFAULT false,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Notification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PreferencePreset" (
    "id" SERIAL NOT NULL,
    "licenseeId" INTEGER,
    "userId" INTEGER,
    "name" VARCHAR(25) NOT NULL,
    "custom" BOOLEAN NOT NULL DEFAULT true,
    "rowLimit" INTEGER NOT NULL DEFAULT 20,
    "timezoneId" INTEGER NOT NULL DEFAULT 805,
    "columns" TEXT[],
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,
    "version" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "PreferencePreset_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeliveryHourly" (
    "id" BIGSERIAL NOT NULL,
    "hour" TIMESTAMPTZ(0) NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "strategyId" INTEGER NOT NULL,
    "creativeId" INTEGER NOT NULL,
    "siteId" INTEGER,
    "appId" INTEGER,
    "eligibleBids" BIGINT NOT NULL DEFAULT 0,
    "bidsPlaced" BIGINT NOT NULL DEFAULT 0,
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "invalidClicks" BIGINT NOT NULL DEFAULT 0,
    "installs" BIGINT NOT NULL DEFAULT 0,
    "appOpens" BIGINT NOT NULL DEFAULT 0,
    "reEngagements" BIGINT NOT NULL DEFAULT 0,
    "reInstalls" BIGINT NOT NULL DEFAULT 0,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "clickConversions" BIGINT NOT NULL DEFAULT 0,
    "viewConversions" BIGINT NOT NULL DEFAULT 0,
    "skanViewInstalls" BIGINT NOT NULL DEFAULT 0,
    "skanClickInstalls" BIGINT NOT NULL DEFAULT 0,
    "eligibleUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "impressionUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "clickUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "installUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "conversionUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "appOpenUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "userReach" BIGINT NOT NULL DEFAULT 0,
    "totalUU" BIGINT NOT NULL DEFAULT 0,
    "dailyUU" BIGINT NOT NULL DEFAULT 0,
    "revenue" DECIMAL(18,6) NOT NULL DEFAULT 0,
    "cost" DECIMAL(18,6) NOT NULL DEFAULT 0,
    "advRevenue" DECIMAL(18,6) NOT NULL DEFAULT 0,

    CONSTRAINT "DeliveryHourly_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DeliveryStrategyHourly" (
    "hour" TIMESTAMPTZ(0) NOT NULL,
    "licenseeId" INTEGER NOT NULL,
    "advertiserId" INTEGER NOT NULL,
    "campaignId" INTEGER NOT NULL,
    "strategyId" INTEGER NOT NULL,
    "eligibleBids" BIGINT NOT NULL DEFAULT 0,
    "bidsPlaced" BIGINT NOT NULL DEFAULT 0,
    "impressions" BIGINT NOT NULL DEFAULT 0,
    "clicks" BIGINT NOT NULL DEFAULT 0,
    "invalidClicks" BIGINT NOT NULL DEFAULT 0,
    "installs" BIGINT NOT NULL DEFAULT 0,
    "appOpens" BIGINT NOT NULL DEFAULT 0,
    "reEngagements" BIGINT NOT NULL DEFAULT 0,
    "reInstalls" BIGINT NOT NULL DEFAULT 0,
    "conversions" BIGINT NOT NULL DEFAULT 0,
    "clickConversions" BIGINT NOT NULL DEFAULT 0,
    "viewConversions" BIGINT NOT NULL DEFAULT 0,
    "skanViewInstalls" BIGINT NOT NULL DEFAULT 0,
    "skanClickInstalls" BIGINT NOT NULL DEFAULT 0,
    "eligibleUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "impressionUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "clickUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "installUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "conversionUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "appOpenUniqUsers" BIGINT NOT NULL DEFAULT 0,
    "userReach" BIGINT NOT NULL DEFAULT 0,
    "totalUU" BIGINT NOT NULL DEFAULT 0,
    "dailyUU" BIGINT NOT NULL DEFAULT 0,
    "revenue" DECIMAL(18,6) NOT NULL DEFAULT 0,
    "cost" DECIMAL(18,6) NOT NULL DEFAULT 0,
    "advRevenue" DECIMAL(18,6) NOT NULL DEFAULT 0,

    CONSTRAINT "DeliveryStrategyHourly_pkey" PRIMARY KEY ("strategyId","hour")
);

-- CreateIndex
CREATE UNIQUE INDEX "Theme_licenseeId_key" ON "Theme"("licenseeId");

-- CreateIndex
CREATE UNIQUE INDEX "Theme_subDomain_key" ON "Theme"("subDomain");

-- CreateIndex
CREATE UNIQUE INDEX "User_email_key" ON "User"("email");

-- CreateIndex
CREATE INDEX "Membership_licenseeId_idx" ON "Membership"("licenseeId");

-- CreateIndex
CREATE UNIQUE INDEX "Membership_userId_licenseeId_key" ON "Membership"("userId", "licenseeId");

-- CreateIndex
CREATE UNIQUE INDEX "OidcIdentity_provider_issuer_subject_key" ON "OidcIdentity"("provider", "issuer", "subject");

-- CreateIndex
CREATE UNIQUE INDEX "ApiKey_keyHash_key" ON "ApiKey"("keyHash");

-- CreateIndex
CREATE INDEX "ApiKey_userId_idx" ON "ApiKey"("userId");

-- CreateIndex
CREATE INDEX "OtpChallenge_userId_idx" ON "OtpChallenge"("userId");

-- CreateIndex
CREATE INDEX "Geo_type_name_idx" ON "Geo"("type", "name");

-- CreateIndex
CREATE UNIQUE INDEX "InventorySite_domain_key" ON "InventorySite"("domain");

-- CreateIndex
CREATE UNIQUE INDEX "InventoryApp_platform_packageName_key" ON "InventoryApp"("platform", "packageName");

-- CreateIndex
CREATE UNIQUE INDEX "Aggregator_name_key" ON "Aggregator"("name");

-- CreateIndex
CREATE UNIQUE INDEX "Deal_dealId_key" ON "Deal"("dealId");

-- CreateIndex
CREATE INDEX "Advertiser_licenseeId_isArchived_name_idx" ON "Advertiser"("licenseeId", "isArchived", "name");

-- CreateIndex
CREATE UNIQUE INDEX "AdvertiserSetting_advertiserId_key_key" ON "AdvertiserSetting"("advertiserId", "key");

-- CreateIndex
CREATE INDEX "AppSetting_advertiserId_key_active_idx" ON "AppSetting"("advertiserId", "key", "active");

-- CreateIndex
CREATE INDEX "Pixel_licenseeId_advertiserId_isArchived_idx" ON "Pixel"("licenseeId", "advertiserId", "isArchived");

-- CreateIndex
CREATE INDEX "PixelFire_pixelId_firedAt_idx" ON "PixelFire"("pixelId", "firedAt");

-- CreateIndex
CREATE INDEX "ClickDestination_licenseeId_advertiserId_idx" ON "ClickDestination"("licenseeId", "advertiserId");

-- CreateIndex
CREATE INDEX "CatalogFeed_licenseeId_advertiserId_idx" ON "CatalogFeed"("licenseeId", "advertiserId");

-- CreateIndex
CREATE UNIQUE INDEX "VariableMapping_feedId_name_key" ON "VariableMapping"("feedId", "name");

-- CreateIndex
CREATE UNIQUE INDEX "CatalogItem_feedId_externalId_key" ON "CatalogItem"("feedId", "externalId");

-- CreateIndex
CREATE INDEX "Audience_licenseeId_advertiserId_isArchived_idx" ON "Audience"("licenseeId", "advertiserId", "isArchived");

-- CreateIndex
CREATE UNIQUE INDEX "AudienceRemoteSchedule_audienceId_key" ON "AudienceRemoteSchedule"("audienceId");

-- CreateIndex
CREATE INDEX "Campaign_licenseeId_advertiserId_isArchived_idx" ON "Campaign"("licenseeId", "advertiserId", "isArchived");

-- CreateIndex
CREATE INDEX "Strategy_licenseeId_campaignId_isArchived_idx" ON "Strategy"("licenseeId", "campaignId", "isArchived");

-- CreateIndex
CREATE INDEX "Strategy_licenseeId_advertiserId_isArchived_idx" ON "Strategy"("licenseeId", "advertiserId", "isArchived");

-- CreateIndex
CREATE INDEX "CreativeSet_licenseeId_advertiserId_isArchived_idx" ON "CreativeSet"("licenseeId", "advertiserId", "isArchived");

-- CreateIndex
CREATE INDEX "Creative_licenseeId_advertiserId_isArchived_idx" ON "Creative"("licenseeId", "advertiserId", "isArchived");

-- CreateIndex
CREATE INDEX "RuleAuditLog_ruleId_runAt_idx" ON "RuleAuditLog"("ruleId", "runAt");

-- CreateIndex
CREATE UNIQUE INDEX "NeverBlockApp_strategyId_appId_key" ON "NeverBlockApp"("strategyId", "appId");

-- CreateIndex
CREATE UNIQUE INDEX "ExperimentArm_experimentId_strategyId_key" ON "ExperimentArm"("experimentId", "strategyId");

-- CreateIndex
CREATE INDEX "ActivityLog_licenseeId_createdAt_idx" ON "ActivityLog"("licenseeId", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ActivityLog_licenseeId_entityType_createdAt_idx" ON "ActivityLog"("licenseeId", "entityType", "createdAt" DESC);

-- CreateIndex
CREATE INDEX "ActivityLogField_logId_idx" ON "ActivityLogField"("logId");

-- CreateIndex
CREATE INDEX "Notification_userId_licenseeId_createdAt_idx" ON "Notification"("userId", "licenseeId", "createdAt" DESC);

-- CreateIndex
CREATE UNIQUE INDEX "Notification_userId_dedupeKey_key" ON "Notification"("userId", "dedupeKey");

-- CreateIndex
CREATE INDEX "PreferencePreset_userId_idx" ON "PreferencePreset"("userId");

-- CreateIndex
CREATE INDEX "DeliveryHourly_licenseeId_hour_idx" ON "DeliveryHourly"("licenseeId", "hour");

-- CreateIndex
CREATE INDEX "DeliveryHourly_strategyId_hour_idx" ON "DeliveryHourly"("strategyId", "hour");

-- CreateIndex
CREATE INDEX "DeliveryHourly_campaignId_hour_idx" ON "DeliveryHourly"("campaignId", "hour");

-- CreateIndex
CREATE INDEX "DeliveryHourly_advertiserId_hour_idx" ON "DeliveryHourly"("advertiserId", "hour");

-- CreateIndex
CREATE INDEX "DeliveryStrategyHourly_licenseeId_hour_idx" ON "DeliveryStrategyHourly"("licenseeId", "hour");

-- CreateIndex
CREATE INDEX "DeliveryStrategyHourly_campaignId_hour_idx" ON "DeliveryStrategyHourly"("campaignId", "hour");

-- CreateIndex
CREATE INDEX "DeliveryStrategyHourly_advertiserId_hour_idx" ON "DeliveryStrategyHourly"("advertiserId", "hour");

-- AddForeignKey
ALTER TABLE "Theme" ADD CONSTRAINT "Theme_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Membership" ADD CONSTRAINT "Membership_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OidcIdentity" ADD CONSTRAINT "OidcIdentity_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ApiKey" ADD CONSTRAINT "ApiKey_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OtpChallenge" ADD CONSTRAINT "OtpChallenge_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "UserSettings" ADD CONSTRAINT "UserSettings_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Geo" ADD CONSTRAINT "Geo_parentId_fkey" FOREIGN KEY ("parentId") REFERENCES "Geo"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Advertiser" ADD CONSTRAINT "Advertiser_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdvertiserSetting" ADD CONSTRAINT "AdvertiserSetting_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AdvertiserSetting" ADD CONSTRAINT "AdvertiserSetting_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AppSetting" ADD CONSTRAINT "AppSetting_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AppSetting" ADD CONSTRAINT "AppSetting_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pixel" ADD CONSTRAINT "Pixel_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Pixel" ADD CONSTRAINT "Pixel_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PixelFire" ADD CONSTRAINT "PixelFire_pixelId_fkey" FOREIGN KEY ("pixelId") REFERENCES "Pixel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClickDestination" ADD CONSTRAINT "ClickDestination_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ClickDestination" ADD CONSTRAINT "ClickDestination_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CatalogFeed" ADD CONSTRAINT "CatalogFeed_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CatalogFeed" ADD CONSTRAINT "CatalogFeed_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "VariableMapping" ADD CONSTRAINT "VariableMapping_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "CatalogFeed"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CatalogItem" ADD CONSTRAINT "CatalogItem_feedId_fkey" FOREIGN KEY ("feedId") REFERENCES "CatalogFeed"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Audience" ADD CONSTRAINT "Audience_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Audience" ADD CONSTRAINT "Audience_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AudienceRule" ADD CONSTRAINT "AudienceRule_audienceId_fkey" FOREIGN KEY ("audienceId") REFERENCES "Audience"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AudienceBackfillRule" ADD CONSTRAINT "AudienceBackfillRule_audienceId_fkey" FOREIGN KEY ("audienceId") REFERENCES "Audience"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AudienceRemoteSchedule" ADD CONSTRAINT "AudienceRemoteSchedule_audienceId_fkey" FOREIGN KEY ("audienceId") REFERENCES "Audience"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_pixelId_fkey" FOREIGN KEY ("pixelId") REFERENCES "Pixel"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Strategy" ADD CONSTRAINT "Strategy_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Strategy" ADD CONSTRAINT "Strategy_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Strategy" ADD CONSTRAINT "Strategy_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StrategyPixel" ADD CONSTRAINT "StrategyPixel_strategyId_fkey" FOREIGN KEY ("strategyId") REFERENCES "Strategy"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StrategyPixel" ADD CONSTRAINT "StrategyPixel_pixelId_fkey" FOREIGN KEY ("pixelId") REFERENCES "Pixel"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StrategyTemplate" ADD CONSTRAINT "StrategyTemplate_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StrategyTemplate" ADD CONSTRAINT "StrategyTemplate_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreativeSet" ADD CONSTRAINT "CreativeSet_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreativeSet" ADD CONSTRAINT "CreativeSet_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreativeSet" ADD CONSTRAINT "CreativeSet_clickDestinationId_fkey" FOREIGN KEY ("clickDestinationId") REFERENCES "ClickDestination"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Creative" ADD CONSTRAINT "Creative_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Creative" ADD CONSTRAINT "Creative_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Creative" ADD CONSTRAINT "Creative_clickDestinationId_fkey" FOREIGN KEY ("clickDestinationId") REFERENCES "ClickDestination"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreativeSetCreative" ADD CONSTRAINT "CreativeSetCreative_creativeSetId_fkey" FOREIGN KEY ("creativeSetId") REFERENCES "CreativeSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CreativeSetCreative" ADD CONSTRAINT "CreativeSetCreative_creativeId_fkey" FOREIGN KEY ("creativeId") REFERENCES "Creative"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StrategyCreativeSet" ADD CONSTRAINT "StrategyCreativeSet_strategyId_fkey" FOREIGN KEY ("strategyId") REFERENCES "Strategy"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StrategyCreativeSet" ADD CONSTRAINT "StrategyCreativeSet_creativeSetId_fkey" FOREIGN KEY ("creativeSetId") REFERENCES "CreativeSet"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StrategyCreative" ADD CONSTRAINT "StrategyCreative_strategyId_fkey" FOREIGN KEY ("strategyId") REFERENCES "Strategy"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "StrategyCreative" ADD CONSTRAINT "StrategyCreative_creativeId_fkey" FOREIGN KEY ("creativeId") REFERENCES "Creative"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OptimizationRule" ADD CONSTRAINT "OptimizationRule_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OptimizationRule" ADD CONSTRAINT "OptimizationRule_strategyId_fkey" FOREIGN KEY ("strategyId") REFERENCES "Strategy"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RuleAuditLog" ADD CONSTRAINT "RuleAuditLog_ruleId_fkey" FOREIGN KEY ("ruleId") REFERENCES "OptimizationRule"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "RuleAuditLog" ADD CONSTRAINT "RuleAuditLog_appId_fkey" FOREIGN KEY ("appId") REFERENCES "InventoryApp"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NeverBlockApp" ADD CONSTRAINT "NeverBlockApp_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NeverBlockApp" ADD CONSTRAINT "NeverBlockApp_strategyId_fkey" FOREIGN KEY ("strategyId") REFERENCES "Strategy"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NeverBlockApp" ADD CONSTRAINT "NeverBlockApp_appId_fkey" FOREIGN KEY ("appId") REFERENCES "InventoryApp"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Experiment" ADD CONSTRAINT "Experiment_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Experiment" ADD CONSTRAINT "Experiment_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Experiment" ADD CONSTRAINT "Experiment_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExperimentArm" ADD CONSTRAINT "ExperimentArm_experimentId_fkey" FOREIGN KEY ("experimentId") REFERENCES "Experiment"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ExperimentArm" ADD CONSTRAINT "ExperimentArm_strategyId_fkey" FOREIGN KEY ("strategyId") REFERENCES "Strategy"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityLog" ADD CONSTRAINT "ActivityLog_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityLog" ADD CONSTRAINT "ActivityLog_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ActivityLogField" ADD CONSTRAINT "ActivityLogField_logId_fkey" FOREIGN KEY ("logId") REFERENCES "ActivityLog"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Notification" ADD CONSTRAINT "Notification_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PreferencePreset" ADD CONSTRAINT "PreferencePreset_licenseeId_fkey" FOREIGN KEY ("licenseeId") REFERENCES "Licensee"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PreferencePreset" ADD CONSTRAINT "PreferencePreset_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryHourly" ADD CONSTRAINT "DeliveryHourly_advertiserId_fkey" FOREIGN KEY ("advertiserId") REFERENCES "Advertiser"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryHourly" ADD CONSTRAINT "DeliveryHourly_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryHourly" ADD CONSTRAINT "DeliveryHourly_strategyId_fkey" FOREIGN KEY ("strategyId") REFERENCES "Strategy"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryHourly" ADD CONSTRAINT "DeliveryHourly_creativeId_fkey" FOREIGN KEY ("creativeId") REFERENCES "Creative"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryHourly" ADD CONSTRAINT "DeliveryHourly_siteId_fkey" FOREIGN KEY ("siteId") REFERENCES "InventorySite"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "DeliveryHourly" ADD CONSTRAINT "DeliveryHourly_appId_fkey" FOREIGN KEY ("appId") REFERENCES "InventoryApp"("id") ON DELETE SET NULL ON UPDATE CASCADE;

